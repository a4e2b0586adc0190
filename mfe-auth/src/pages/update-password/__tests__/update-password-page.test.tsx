import { act, fireEvent, screen } from '@testing-library/react';
import { AFFILIATE_REJECTED_RIGHTS } from '@portal/contracts';
import type { LoginResponse } from '@portal/contracts';
import { notify, useSessionStore } from '@portal/shared-ui';
import { fakeServer, renderPage } from '../../../../test-support/render-page';
import { UpdatePasswordPage } from '../update-password-page';

const session = (overrides: Partial<LoginResponse> = {}): LoginResponse => ({
  roleID: 2,
  userRole: 'Backoffice',
  email: 'backoffice@example.com',
  fullName: 'Bola Backoffice',
  forcePasswordUpdate: true,
  userRights: ['backoffice_dashboard'],
  token: 'tok-bo',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  ...overrides,
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Update Password' }) as HTMLButtonElement;
async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(field(label), { target: { value } });
  });
}
async function fillAll(current: string, next: string, confirm: string) {
  await type('Current Password', current);
  await type('New Password', next);
  await type('Confirm Password', confirm);
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().signIn(session());
});

describe('update password page', () => {
  it('has the three fields and a button disabled while the form is invalid', async () => {
    renderPage(<UpdatePasswordPage />, '/update-password');
    expect(field('Current Password').type).toBe('password');
    expect(field('New Password').type).toBe('password');
    expect(field('Confirm Password').type).toBe('password');
    expect(submit().disabled).toBe(true);
    await fillAll('Temp@pass1', 'NewSecret@1', 'NewSecret@1');
    expect(submit().disabled).toBe(false);
  });

  it('shows the mismatch error and keeps the button disabled', async () => {
    renderPage(<UpdatePasswordPage />, '/update-password');
    await fillAll('Temp@pass1', 'NewSecret@1', 'NewSecret@2');
    expect(screen.getByText('New password and confirm password do not match.')).toBeTruthy();
    expect(field('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    // Fixing the new password to match clears it too.
    await type('New Password', 'NewSecret@2');
    expect(screen.queryByText('New password and confirm password do not match.')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('says which field is missing', async () => {
    renderPage(<UpdatePasswordPage />, '/update-password');
    await type('Current Password', 'x');
    await type('Current Password', '');
    expect(screen.getByText('Please provide current password.')).toBeTruthy();
  });

  it('sends the three fields, confirms with "Password updated successfully." and goes to the dashboard', async () => {
    const server = fakeServer({
      'POST users/passwordUpdate': [200, { message: 'Password updated successfully.' }],
    });
    renderPage(<UpdatePasswordPage />, '/update-password');
    await fillAll('Temp@pass1', 'NewSecret@1', 'NewSecret@1');
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(server.sent[0]).toEqual({
      method: 'post',
      url: 'users/passwordUpdate',
      body: { currentPassword: 'Temp@pass1', newPassword: 'NewSecret@1', confirmPassword: 'NewSecret@1' },
      authorization: 'Bearer tok-bo',
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/backoffice-dashboard');
    expect(await screen.findByText('Password updated successfully.')).toBeTruthy();
    expect(useSessionStore.getState().userDetails?.forcePasswordUpdate).toBe(false);
    expect(JSON.parse(localStorage.getItem('userDetails')!).forcePasswordUpdate).toBe(false);
  });

  it('sends an affiliate holding re-kyc on to re-kyc', async () => {
    useSessionStore
      .getState()
      .signIn(session({ roleID: 3, userRole: 'Affiliate', userRights: [...AFFILIATE_REJECTED_RIGHTS] }));
    fakeServer({ 'POST users/passwordUpdate': [200, { message: 'Password updated successfully.' }] });
    renderPage(<UpdatePasswordPage />, '/update-password');
    await fillAll('Temp@pass1', 'NewSecret@1', 'NewSecret@1');
    await act(async () => {
      fireEvent.click(submit());
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/re-kyc');
  });

  it('is disabled while saving, and shows the server message when the current password is wrong', async () => {
    const server = fakeServer({
      'POST users/passwordUpdate': [400, { message: 'Current password is not correct.' }],
    });
    server.holdAnswers();
    renderPage(<UpdatePasswordPage />, '/update-password');
    await fillAll('wrong', 'NewSecret@1', 'NewSecret@1');
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(submit().disabled).toBe(true);
    await act(async () => server.release());
    expect(await screen.findByText('Current password is not correct.')).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(submit().disabled).toBe(false);
    expect(useSessionStore.getState().userDetails?.forcePasswordUpdate).toBe(true);
  });

  it('shows the rule for a new password under the field, and refuses the current password before sending', async () => {
    const server = fakeServer({});
    renderPage(<UpdatePasswordPage />, '/update-password');
    expect(
      screen.getByText(
        'At least 8 characters, not your current password, and not a common or easy-to-guess password.',
      ),
    ).toBeTruthy();
    await fillAll('Temp@pass1', 'Temp@pass1', 'Temp@pass1');
    expect(screen.getByText('New password must be different from the current password.')).toBeTruthy();
    expect(field('New Password').getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    // Changing the current password clears it.
    await type('Current Password', 'Temp@pass2');
    expect(screen.queryByText('New password must be different from the current password.')).toBeNull();
    expect(server.sent).toHaveLength(0);
  });

  it("shows the server's refusal of a common password under New Password, not again as a toast", async () => {
    const toast = jest.spyOn(notify, 'error');
    const tooCommon = 'This password is too common or too easy to guess. Please choose another one.';
    fakeServer({
      'POST users/passwordUpdate': [400, { message: tooCommon, errors: { newPassword: tooCommon } }],
    });
    renderPage(<UpdatePasswordPage />, '/update-password');
    await fillAll('Temp@pass1', 'password123', 'password123');
    await act(async () => {
      fireEvent.click(submit());
    });
    const underField = await screen.findByText(tooCommon, { selector: '#new-password-error' });
    expect(field('New Password').getAttribute('aria-describedby')).toContain(underField.id);
    expect(field('New Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();
  });
});
