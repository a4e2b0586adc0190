import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN_RIGHTS, AFFILIATE_COMPLETE_RIGHTS, BACKOFFICE_RIGHTS } from '@portal/contracts';
import type { LoginResponse } from '@portal/contracts';
import { useSessionStore } from '@portal/shared-ui';
import { fakeServer, renderPage } from '../../../../test-support/render-page';
import { LoginPage } from '../login-page';
import { REMEMBERED_CREDENTIALS_KEY } from '../remember-me';

const response = (overrides: Partial<LoginResponse> = {}): LoginResponse => ({
  roleID: 1,
  userRole: 'Admin',
  email: 'admin@example.com',
  fullName: 'Ada Admin',
  forcePasswordUpdate: false,
  userRights: [...ADMIN_RIGHTS],
  token: 'tok',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  ...overrides,
});

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const rememberMe = () => screen.getByLabelText('Remember Me') as HTMLInputElement;

function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}
async function signIn(userName: string, pass: string) {
  type(email(), userName);
  type(password(), pass);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });
}
function mockGeolocation(position: { latitude: number; longitude: number } | 'denied' | 'none') {
  const getCurrentPosition = jest.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (position === 'denied') failure?.({ code: 1, message: 'denied' } as GeolocationPositionError);
    else if (position !== 'none') success({ coords: position } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().signOut();
  mockGeolocation('none');
});

describe('login page', () => {
  it('shows the spec texts and the registration link', () => {
    renderPage(<LoginPage />, '/login');
    expect(screen.getByText('Access your affiliate management account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register as an Affiliate' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('requires email and password and sends nothing without them', async () => {
    const server = fakeServer({});
    renderPage(<LoginPage />, '/login');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    });
    expect(screen.getByText('Please provide email.')).toBeTruthy();
    expect(screen.getByText('Please provide password.')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe('login-email-error');
    expect(server.sent).toHaveLength(0);
  });

  it.each([
    ['admin', response(), '/admin-dashboard'],
    [
      'back office',
      response({ roleID: 2, userRole: 'Backoffice', userRights: [...BACKOFFICE_RIGHTS] }),
      '/backoffice-dashboard',
    ],
    [
      'affiliate',
      response({ roleID: 3, userRole: 'Affiliate', userRights: [...AFFILIATE_COMPLETE_RIGHTS] }),
      '/affiliate-dashboard',
    ],
    [
      'affiliate holding re-kyc',
      response({ roleID: 3, userRole: 'Affiliate', userRights: ['re-kyc'] }),
      '/re-kyc',
    ],
    ['user flagged for a forced update', response({ forcePasswordUpdate: true }), '/update-password'],
  ])('signs in a %s, stores the whole response and lands on their page', async (_who, answer, landing) => {
    const server = fakeServer({ 'POST login/auth': [200, answer] });
    renderPage(<LoginPage />, '/login');
    await signIn('  someone@example.com ', 'Secret@123');
    expect((await screen.findByTestId('landed')).textContent).toBe(landing);
    expect(server.sent[0]).toMatchObject({ method: 'post', url: 'login/auth' });
    expect(server.sent[0].body).toEqual({ userName: 'someone@example.com', password: 'Secret@123' });
    expect(JSON.parse(localStorage.getItem('userDetails')!)).toEqual(answer);
  });

  it('sends latitude and longitude when the browser has given them', async () => {
    mockGeolocation({ latitude: 6.5244, longitude: 3.3792 });
    const server = fakeServer({ 'POST login/auth': [200, response()] });
    renderPage(<LoginPage />, '/login');
    await signIn('admin@example.com', 'Admin@12345');
    await screen.findByTestId('landed');
    expect(server.sent[0].body).toEqual({
      userName: 'admin@example.com',
      password: 'Admin@12345',
      latitude: 6.5244,
      longitude: 3.3792,
    });
  });

  it('signs in without a position when the browser refuses it', async () => {
    const asked = mockGeolocation('denied');
    const server = fakeServer({ 'POST login/auth': [200, response()] });
    renderPage(<LoginPage />, '/login');
    await signIn('admin@example.com', 'Admin@12345');
    await screen.findByTestId('landed');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(server.sent[0].body).toEqual({ userName: 'admin@example.com', password: 'Admin@12345' });
  });

  it('shows a spinner and disables the form while signing in', async () => {
    const server = fakeServer({ 'POST login/auth': [200, response()] });
    server.holdAnswers();
    renderPage(<LoginPage />, '/login');
    await signIn('admin@example.com', 'Admin@12345');
    const button = screen.getByRole('button', { name: /Signing in/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.querySelector('.p-button-loading-icon')).not.toBeNull();
    expect(email().disabled).toBe(true);
    await act(async () => server.release());
    expect((await screen.findByTestId('landed')).textContent).toBe('/admin-dashboard');
  });

  it("shows the server's message on a failed sign-in and stays", async () => {
    fakeServer({ 'POST login/auth': [401, { message: 'Invalid email or password.' }] });
    renderPage(<LoginPage />, '/login');
    await signIn('admin@example.com', 'wrong');
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(localStorage.getItem('userDetails')).toBeNull();
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  describe('Remember Me', () => {
    it('saves userName and password when checked, without sending the flag', async () => {
      const server = fakeServer({ 'POST login/auth': [200, response()] });
      renderPage(<LoginPage />, '/login');
      type(email(), 'admin@example.com');
      type(password(), 'Admin@12345');
      fireEvent.click(rememberMe());
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      });
      await screen.findByTestId('landed');
      expect(JSON.parse(localStorage.getItem(REMEMBERED_CREDENTIALS_KEY)!)).toEqual({
        userName: 'admin@example.com',
        password: 'Admin@12345',
      });
      expect(server.sent[0].body).not.toHaveProperty('rememberMe');
    });

    it('prefills the form on the next visit', () => {
      localStorage.setItem(
        REMEMBERED_CREDENTIALS_KEY,
        JSON.stringify({ userName: 'bo@example.com', password: 'pw' }),
      );
      renderPage(<LoginPage />, '/login');
      expect(email().value).toBe('bo@example.com');
      expect(password().value).toBe('pw');
      expect(rememberMe().checked).toBe(true);
    });

    it('removes them when signing in with it unchecked', async () => {
      localStorage.setItem(
        REMEMBERED_CREDENTIALS_KEY,
        JSON.stringify({ userName: 'admin@example.com', password: 'x' }),
      );
      fakeServer({ 'POST login/auth': [200, response()] });
      renderPage(<LoginPage />, '/login');
      fireEvent.click(rememberMe());
      expect(rememberMe().checked).toBe(false);
      await signIn('admin@example.com', 'Admin@12345');
      await screen.findByTestId('landed');
      expect(localStorage.getItem(REMEMBERED_CREDENTIALS_KEY)).toBeNull();
    });
  });

  describe('forgot password', () => {
    it('switches in page, validates the email, and goes back to Sign In', async () => {
      const server = fakeServer({});
      renderPage(<LoginPage />, '/login');
      fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeTruthy();

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect(screen.getByText('Please provide email.')).toBeTruthy();
      type(email(), 'not-an-email');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect(screen.getByText('Email is not valid.')).toBeTruthy();
      expect(server.sent).toHaveLength(0);

      fireEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
      expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    });

    it("sends the email as userName and shows the server's message", async () => {
      const message = 'If an account exists for that email, a temporary password has been sent to it.';
      const server = fakeServer({ 'POST login/reset': [200, { message }] });
      renderPage(<LoginPage />, '/login');
      type(email(), 'affiliate@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      expect(email().value).toBe('affiliate@example.com');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect(server.sent[0]).toMatchObject({
        url: 'login/reset',
        body: { userName: 'affiliate@example.com' },
      });
      expect(await screen.findByText(message)).toBeTruthy();
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy());
      expect(email().value).toBe('affiliate@example.com');
    });
  });
});

describe('two-step sign-in (issue 29)', () => {
  const challenge = { secondFactorRequired: true, challenge: 'chal', message: 'Enter the code.' };

  it('asks for the 6-digit code after the password, then signs in with it', async () => {
    const server = fakeServer({
      'POST login/auth': [200, challenge],
      'POST login/second-factor': [200, response()],
    });
    renderPage(<LoginPage />, '/login');
    await signIn('admin@example.com', 'Admin@12345');
    const code = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    expect(screen.getByRole('heading', { name: 'Two-Step Sign-In' })).toBeTruthy();
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);
    // Nothing stored before the code.
    expect(localStorage.getItem('userDetails')).toBeNull();
    type(code, '123 456');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/admin-dashboard');
    expect(server.sent[1]).toMatchObject({ method: 'post', url: 'login/second-factor' });
    expect(server.sent[1].body).toEqual({ challenge: 'chal', code: '123456' });
  });

  it('takes a recovery code instead, and says what is wrong before sending', async () => {
    const server = fakeServer({
      'POST login/auth': [200, challenge],
      'POST login/second-factor': [200, response()],
    });
    renderPage(<LoginPage />, '/login');
    await signIn('admin@example.com', 'Admin@12345');
    await screen.findByLabelText('Authentication code');
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code') as HTMLInputElement;
    type(recovery, 'nope');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/recovery code is 16/);
    expect(server.sent).toHaveLength(1);
    type(recovery, 'abcd-efgh-jkmn-pqr2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    await screen.findByTestId('landed');
    expect(server.sent[1].body).toEqual({ challenge: 'chal', recoveryCode: 'ABCDEFGHJKMNPQR2' });
  });

  it('an admin without a second factor is led to set it up', async () => {
    fakeServer({ 'POST login/auth': [200, response({ secondFactorEnrolment: true })] });
    renderPage(<LoginPage />, '/login');
    await signIn('admin@example.com', 'Admin@12345');
    expect((await screen.findByTestId('landed')).textContent).toBe('/two-step-setup');
  });
});
