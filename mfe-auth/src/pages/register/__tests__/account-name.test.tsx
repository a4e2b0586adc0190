import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  BankVerificationMessages,
  Messages,
  RegistrationMessages,
} from '@portal/contracts/registration-start';
import { notify } from '@portal/shared-ui';
import { RegisterPage } from '../register-page';
import { FakeHttpError, fakeHttp } from '../../../../test-support/register-fake-http';
import type { FakeHandler } from '../../../../test-support/register-fake-http';

// Issue 27: step two shows the name the bank holds for the account, or why it could not be checked.

const OPTIONS = {
  countries: [
    { countryID: 1, countryName: 'Nigeria', countryCode: 'NG', phoneCode: '+234', phoneNumberLength: 10 },
  ],
  banks: [{ bankID: 8, bankName: 'Guaranty Trust Bank' }],
};
const RESOLVE = 'POST /affiliate/resolve-account-name';

let server: ReturnType<typeof fakeHttp>;

function renderPage(resolve: FakeHandler) {
  server = fakeHttp({
    'GET /master/affiliate-register-options': () => OPTIONS,
    'POST /affiliate/send-email-otp': () => ({ message: RegistrationMessages.emailOtpSent }),
    'POST /affiliate/verify-email-otp': () => ({ message: Messages.emailVerified }),
    'POST /affiliate/send-mobile-otp': () => ({ message: RegistrationMessages.mobileOtpSent }),
    'POST /affiliate/verify-mobile-otp': () => ({ message: Messages.mobileVerified }),
    'POST /captcha': () => ({
      captchaId: '00000000-0000-4000-8000-000000000001',
      image: 'data:image/png;base64,1',
    }),
    [RESOLVE]: resolve,
  });
  render(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterPage reloadPage={jest.fn()} />} />
      </Routes>
    </MemoryRouter>,
  );
  return waitFor(() => {
    expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false');
    screen.getByRole('button', { name: 'Register Now' });
  });
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

async function choose(dropdownId: string, option: string) {
  // Step one's country is a native select (issue 26); step two's bank is PrimeReact's dropdown.
  const select = document.getElementById(`${dropdownId}ID`);
  if (select instanceof HTMLSelectElement) {
    const match = Array.from(select.options).find(
      (candidate) => candidate.text === option || candidate.text.startsWith(`${option} (`),
    );
    if (!match) throw new Error(`No option ${option} in #${select.id}`);
    fireEvent.change(select, { target: { value: match.value } });
    return;
  }
  const dropdown = document.getElementById(dropdownId);
  if (!dropdown) throw new Error(`No dropdown #${dropdownId}`);
  fireEvent.click(dropdown);
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function openStepTwo() {
  type('Full Name', 'Adaeze Okafor');
  type('Email', 'ada@example.com');
  click('Send OTP to email');
  await screen.findByLabelText('Email OTP');
  type('Email OTP', '482913');
  click('Verify OTP for email');
  await screen.findByText(Messages.emailVerified);
  await choose('country', 'Nigeria');
  type('Mobile Number', '8031234567');
  click('Send OTP to mobile');
  await screen.findByLabelText('Mobile OTP');
  type('Mobile OTP', '105726');
  click('Verify OTP for mobile');
  await screen.findByText(Messages.mobileVerified);
}

beforeEach(() => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  server.restore();
  jest.restoreAllMocks();
});

it('shows "Account name: …" once a bank and 10 digits are in, asking once with the registration email', async () => {
  await renderPage(() => ({
    status: 'resolved',
    accountName: 'ADAEZE N. OKAFOR',
    message: 'Account name: ADAEZE N. OKAFOR',
  }));
  await openStepTwo();
  await choose('bank', 'Guaranty Trust Bank');
  type('Account Number', '012345678');
  type('Account Number', '0123456789');
  expect(await screen.findByText('Account name: ADAEZE N. OKAFOR', {}, { timeout: 3000 })).toBeTruthy();
  expect(server.bodies(RESOLVE)).toEqual([
    { email: 'ada@example.com', bankID: 8, accountNumber: '0123456789' },
  ]);
  expect(screen.getByLabelText('Account Number').getAttribute('aria-describedby')).toContain(
    'accountNumber-name',
  );
  expect(notify.error).not.toHaveBeenCalled();
});

it('an account the bank does not know is a message under the field, no toast, and Register Now stays usable', async () => {
  await renderPage(() => ({
    status: 'not-found',
    accountName: null,
    message: BankVerificationMessages.notFound,
  }));
  await openStepTwo();
  await choose('bank', 'Guaranty Trust Bank');
  type('Account Number', '9999999999');
  expect(await screen.findByText(BankVerificationMessages.notFound, {}, { timeout: 3000 })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Register Now' }).hasAttribute('disabled')).toBe(false);
  expect(notify.error).not.toHaveBeenCalled();
});

it('a refused check (429) or a failed call says so under the field, without a toast', async () => {
  await renderPage(() => {
    throw new FakeHttpError(429, BankVerificationMessages.tooMany);
  });
  await openStepTwo();
  await choose('bank', 'Guaranty Trust Bank');
  type('Account Number', '0123456789');
  expect(await screen.findByText(BankVerificationMessages.tooMany, {}, { timeout: 3000 })).toBeTruthy();
  expect(notify.error).not.toHaveBeenCalled();
});

it('shows nothing where no provider is configured (the development default)', async () => {
  await renderPage(() => ({
    status: 'not-configured',
    accountName: null,
    message: BankVerificationMessages.notConfigured,
  }));
  await openStepTwo();
  await choose('bank', 'Guaranty Trust Bank');
  type('Account Number', '0123456789');
  await waitFor(() => expect(server.bodies(RESOLVE)).toHaveLength(1), { timeout: 3000 });
  await waitFor(() => expect(screen.queryByText('Checking the account name…')).toBeNull());
  expect(screen.queryByText(BankVerificationMessages.notConfigured)).toBeNull();
  expect(document.getElementById('accountNumber-name')?.textContent).toBe('');
});
