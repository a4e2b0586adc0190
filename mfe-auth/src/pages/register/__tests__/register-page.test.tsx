import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages, RegistrationMessages } from '@portal/contracts/registration-start';
import { notify } from '@portal/shared-ui';
import { RegisterPage } from '../register-page';
import { FakeHttpError, fakeHttp } from '../../../../test-support/register-fake-http';
import type { FakeHandler } from '../../../../test-support/register-fake-http';

const OPTIONS = {
  countries: [
    { countryID: 1, countryName: 'Nigeria', countryCode: 'NG', phoneCode: '+234', phoneNumberLength: 10 },
    { countryID: 2, countryName: 'Ghana', countryCode: 'GH', phoneCode: '+233', phoneNumberLength: 9 },
  ],
  banks: [
    { bankID: 7, bankName: 'Access Bank' },
    { bankID: 9, bankName: 'Zenith Bank' },
  ],
};
const EMAIL_OTP = '482913';
const MOBILE_OTP = '105726';
const CAPTCHA_ANSWER = 'X7K2PQ';
const SUBMITTED = RegistrationMessages.registered;

let captchaCount = 0;
const captchaId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function handlers(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  const otpCheck = (expected: string, message: string) => (body: unknown) => {
    if ((body as { otp: string }).otp !== expected)
      throw new FakeHttpError(400, 'Invalid OTP. 4 attempts left.');
    return { message };
  };
  return {
    'GET /master/affiliate-register-options': () => OPTIONS,
    'POST /affiliate/send-email-otp': () => ({ message: RegistrationMessages.emailOtpSent }),
    'POST /affiliate/resend-email-otp': () => ({ message: RegistrationMessages.emailOtpSent }),
    'POST /affiliate/verify-email-otp': otpCheck(EMAIL_OTP, Messages.emailVerified),
    'POST /affiliate/send-mobile-otp': () => ({ message: RegistrationMessages.mobileOtpSent }),
    'POST /affiliate/resend-mobile-otp': () => ({ message: RegistrationMessages.mobileOtpSent }),
    'POST /affiliate/verify-mobile-otp': otpCheck(MOBILE_OTP, Messages.mobileVerified),
    'POST /captcha': () => {
      captchaCount += 1;
      return { captchaId: captchaId(captchaCount), image: `data:image/png;base64,${captchaCount}` };
    },
    'POST /captcha/verify': (body) => {
      if ((body as { answer: string }).answer !== CAPTCHA_ANSWER)
        throw new FakeHttpError(400, Messages.captchaInvalid);
      return { message: RegistrationMessages.captchaVerified };
    },
    'POST /affiliate/upload-selfie': () => ({
      selfieImagePath: 'selfies/2f1c.png',
      message: RegistrationMessages.selfieUploaded,
    }),
    'POST /affiliate/submit-registration': () => ({ message: SUBMITTED }),
    ...overrides,
  };
}

let server: ReturnType<typeof fakeHttp>;
let reloadPage: jest.Mock;

function renderPage(overrides: Record<string, FakeHandler> = {}) {
  server = fakeHttp(handlers(overrides));
  reloadPage = jest.fn();
  render(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterPage reloadPage={reloadPage} />} />
        <Route path="/login" element={<p>Sign-in page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  // The form is on the page at once (no layout shift); it is ready once the countries and banks are in.
  // Step two comes in its own chunk right after step one (issue 26).
  return waitFor(() => {
    expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false');
    screen.getByRole('button', { name: 'Register Now' });
    return screen.getByLabelText('Full Name');
  });
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
/**
 * Types as a keyboard does, one character at a time: a browser takes no character past the field's maxLength
 * (fireEvent.change alone would set any value whatever the field allows).
 */
function typeKeys(label: string | RegExp, text: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value: '' } });
  for (const character of text) {
    if (input.maxLength >= 0 && input.value.length >= input.maxLength) break;
    fireEvent.change(input, { target: { value: input.value + character } });
  }
}
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const alerts = () => screen.queryAllByRole('alert').map((element) => element.textContent);

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
  // jsdom cannot lay the overlay out, so PrimeReact leaves it display:none; the options are there all the same.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** Step two after the identity number: bank, account, selfie, captcha, terms, then Register Now. */
async function completeStepTwoAndRegister() {
  await choose('bank', 'Access Bank');
  type('Account Number', '0123456789');
  click('Take Selfie');
  fireEvent.click(await screen.findByRole('button', { name: 'Capture' }));
  await screen.findByText(/^You Uploaded:/);
  type('Captcha', CAPTCHA_ANSWER);
  click('Verify');
  await screen.findByText(RegistrationMessages.captchaVerified);
  fireEvent.click(screen.getByLabelText('I accept the terms and conditions'));
  click('Register Now');
}

async function verifyEmail(email = 'ada@example.com') {
  type('Full Name', 'Ada Obi');
  type('Email', email);
  click('Send OTP to email');
  await screen.findByLabelText('Email OTP');
  type('Email OTP', EMAIL_OTP);
  click('Verify OTP for email');
  await screen.findByText(Messages.emailVerified);
}

async function verifyMobile() {
  await choose('country', 'Nigeria');
  type('Mobile Number', '8031234567');
  click('Send OTP to mobile');
  await screen.findByLabelText('Mobile OTP');
  type('Mobile OTP', MOBILE_OTP);
  click('Verify OTP for mobile');
  await screen.findByText(Messages.mobileVerified);
}

const stepTwo = () => screen.getByRole('group', { name: /Identity, bank and selfie/ });

beforeEach(() => {
  captchaCount = 0;
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  server.restore();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('RegisterPage, step one', () => {
  it('shows the heading and tagline, with step two and Register Now disabled', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Affiliate Registration' })).toBeTruthy();
    expect(screen.getByText('Join the affiliate network and start earning commissions')).toBeTruthy();
    expect(stepTwo().hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText(/BVN Number/).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Register Now' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('Your full name must match your BVN/NIN and your bank account name.'),
    ).toBeTruthy();
  });

  it('checks full name then email, in the spec order, before sending an OTP', async () => {
    await renderPage();
    click('Send OTP to email');
    expect(alerts()).toEqual([Messages.fullNameRequired, Messages.emailRequired]);
    type('Full Name', 'Ada Obi');
    type('Email', 'ada@');
    expect(alerts()).toEqual([Messages.emailInvalid]);
    expect(server.bodies('POST /affiliate/send-email-otp')).toEqual([]);
  });

  it('refuses a full name with markup before sending an OTP', async () => {
    await renderPage();
    type('Full Name', 'Probe <img src=x onerror=alert(1)><script>alert(1)</script>');
    type('Email', 'ada@example.com');
    click('Send OTP to email');
    expect(alerts()).toEqual(['Full name may contain only letters, spaces, hyphens, apostrophes and dots.']);
    expect(server.bodies('POST /affiliate/send-email-otp')).toEqual([]);
  });

  it('sends, counts down 30 seconds, offers Resend OTP, then verifies the email', async () => {
    jest.useFakeTimers();
    await renderPage();
    type('Full Name', 'Ada Obi');
    type('Email', ' Ada@Example.com ');
    click('Send OTP to email');
    await screen.findByLabelText('Email OTP');
    expect(server.bodies('POST /affiliate/send-email-otp')).toEqual([{ email: 'ada@example.com' }]);
    // Said under the code field, not again as a toast over the form (issue 51).
    expect(screen.getByRole('status').textContent).toBe(RegistrationMessages.emailOtpSent);
    expect(screen.getByLabelText('Email OTP').getAttribute('aria-describedby')).toBe('emailOTP-sent');
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByText('Resend in 30s')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify OTP for email' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(12_000));
    expect(screen.getByText('Resend in 18s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    act(() => jest.advanceTimersByTime(18_000));
    click('Resend OTP');
    await screen.findByText('Resend in 30s');
    expect(server.bodies('POST /affiliate/resend-email-otp')).toEqual([{ email: 'ada@example.com' }]);

    type('Email OTP', '12');
    click('Verify OTP for email');
    expect(alerts()).toEqual(['OTP must be 6 digits.']);
    type('Email OTP', '111111');
    click('Verify OTP for email');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Invalid OTP. 4 attempts left.'));
    expect(screen.queryByText(Messages.emailVerified)).toBeNull();

    type('Email OTP', EMAIL_OTP);
    click('Verify OTP for email');
    expect(await screen.findByText(Messages.emailVerified)).toBeTruthy();
    expect(server.bodies('POST /affiliate/verify-email-otp').at(-1)).toEqual({
      email: 'ada@example.com',
      otp: EMAIL_OTP,
    });
    expect(screen.queryByLabelText('Email OTP')).toBeNull();
  });

  it('keeps the mobile locked until the email is verified, then checks country and length', async () => {
    await renderPage();
    expect(screen.getByLabelText('Mobile Number').matches(':disabled')).toBe(true);
    await verifyEmail();
    expect(screen.getByLabelText('Mobile Number').matches(':disabled')).toBe(false);

    click('Send OTP to mobile');
    expect(alerts()).toEqual([Messages.countryRequired, Messages.mobileRequired]);
    await choose('country', 'Ghana');
    type('Mobile Number', '8031234567');
    click('Send OTP to mobile');
    expect(alerts()).toEqual([Messages.mobileLength(9)]);
    expect(server.bodies('POST /affiliate/send-mobile-otp')).toEqual([]);
  });

  it('verifies the mobile bound to the verified email, and only then opens step two', async () => {
    await renderPage();
    await verifyEmail();
    expect(stepTwo().hasAttribute('disabled')).toBe(true);
    await choose('country', 'Nigeria');
    type('Mobile Number', '8031234567');
    click('Send OTP to mobile');
    // Where the code went, under its field; no toast repeats it (issue 51).
    expect(await screen.findByText(RegistrationMessages.mobileOtpSent)).toBeTruthy();
    expect(screen.getByLabelText('Mobile OTP').getAttribute('aria-describedby')).toBe('mobileOTP-sent');
    type('Mobile OTP', MOBILE_OTP);
    click('Verify OTP for mobile');
    await screen.findByText(Messages.mobileVerified);
    expect(screen.queryByText(RegistrationMessages.mobileOtpSent)).toBeNull();
    expect(notify.success).not.toHaveBeenCalled();
    expect(server.bodies('POST /affiliate/send-mobile-otp')).toEqual([
      { email: 'ada@example.com', countryID: 1, mobileNumber: '8031234567' },
    ]);
    expect(server.bodies('POST /affiliate/verify-mobile-otp')).toEqual([
      { email: 'ada@example.com', countryID: 1, mobileNumber: '8031234567', otp: MOBILE_OTP },
    ]);
    await waitFor(() => expect(stepTwo().hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('button', { name: 'Register Now' }).hasAttribute('disabled')).toBe(false);
  });

  it('resets a verified email that changes, says so, and relocks the mobile and step two', async () => {
    await renderPage();
    await verifyEmail();
    await verifyMobile();
    type('Email', 'ada.obi@example.com');
    expect(await screen.findByText(Messages.emailChanged)).toBeTruthy();
    expect(screen.queryByText(Messages.emailVerified)).toBeNull();
    expect(screen.queryByText(Messages.mobileVerified)).toBeNull();
    expect(stepTwo().hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Mobile Number').matches(':disabled')).toBe(true);
    // The new address can be verified: the change message gives way to the OTP field.
    click('Send OTP to email');
    await screen.findByLabelText('Email OTP');
    expect(screen.queryByText(Messages.emailChanged)).toBeNull();
    expect(server.bodies('POST /affiliate/send-email-otp').at(-1)).toEqual({ email: 'ada.obi@example.com' });
  });

  it('resets a verified mobile whose number changes', async () => {
    await renderPage();
    await verifyEmail();
    await verifyMobile();
    type('Mobile Number', '8031234568');
    expect(await screen.findByText(RegistrationMessages.mobileChanged)).toBeTruthy();
    expect(screen.queryByText(Messages.mobileVerified)).toBeNull();
    expect(stepTwo().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Send OTP to mobile' })).toBeTruthy();
  });
});

describe('RegisterPage, step two and Register Now', () => {
  async function openStepTwo(overrides: Record<string, FakeHandler> = {}) {
    await renderPage(overrides);
    await verifyEmail();
    await verifyMobile();
    await screen.findByAltText(/CAPTCHA/);
  }

  it('lists the final-submit messages in the spec order when nothing is filled in', async () => {
    await openStepTwo();
    click('Register Now');
    await waitFor(() =>
      expect(alerts()).toEqual([
        Messages.ninOrBvnRequired,
        Messages.bankRequired,
        Messages.accountNumberRequired,
        Messages.selfieRequired,
        Messages.captchaInvalid,
        Messages.termsRequired,
      ]),
    );
    expect(server.bodies('POST /affiliate/submit-registration')).toEqual([]);
  });

  it('puts the full name first when it was cleared', async () => {
    await openStepTwo();
    type('Full Name', '  ');
    click('Register Now');
    await waitFor(() => expect(alerts()[0]).toBe(Messages.fullNameRequired));
  });

  it.each([
    ['BVN', '1234567890', 'Enter 11 digits for your BVN.'],
    ['BVN', '77777777777', 'BVN cannot have all digits the same (e.g. 11111111111).'],
    ['NIN', '40000008231', 'NIN cannot contain too many repeated digits in a row.'],
    ['NIN', '90123456781', 'NIN cannot contain consecutive number patterns (e.g. 123456 or 987654).'],
    ['BVN', '29876543104', 'BVN cannot contain consecutive number patterns (e.g. 123456 or 987654).'],
  ])('shows the %s rule broken by %s', async (identityType, value, message) => {
    await openStepTwo();
    fireEvent.click(screen.getByLabelText(identityType));
    type(`${identityType} Number`, value);
    click('Register Now');
    await waitFor(() => expect(alerts()[0]).toBe(message));
  });

  it('renames the ID message when the identity type changes', async () => {
    await openStepTwo();
    type(/BVN Number/, '123');
    click('Register Now');
    await screen.findByText('Enter 11 digits for your BVN.');
    fireEvent.click(screen.getByLabelText('NIN'));
    expect(await screen.findByText('Enter 11 digits for your NIN.')).toBeTruthy();
  });

  it('draws a new captcha and clears the input after a wrong answer', async () => {
    await openStepTwo();
    const image = screen.getByAltText(/CAPTCHA/) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('data:image/png;base64,1');
    expect(image.width).toBe(150);
    expect(image.height).toBe(50);
    type('Captcha', 'WRONG1');
    click('Verify');
    await waitFor(() =>
      expect(screen.getByAltText(/CAPTCHA/).getAttribute('src')).toBe('data:image/png;base64,2'),
    );
    expect(notify.error).toHaveBeenCalledWith(Messages.captchaInvalid);
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
    expect(server.bodies('POST /captcha/verify')).toEqual([{ captchaId: captchaId(1), answer: 'WRONG1' }]);

    click('Refresh CAPTCHA');
    await waitFor(() =>
      expect(screen.getByAltText(/CAPTCHA/).getAttribute('src')).toBe('data:image/png;base64,3'),
    );
  });

  it('registers with the verified email and the solved captcha, then goes to login', async () => {
    installCamera();
    await openStepTwo();
    fireEvent.click(screen.getByLabelText('NIN'));
    type(/NIN Number/, '28419630571');
    await choose('bank', 'Zenith Bank');
    type('Account Number', '0123456789');
    click('Take Selfie');
    fireEvent.click(await screen.findByRole('button', { name: 'Capture' }));
    expect(await screen.findByText(/^You Uploaded: selfie-\d{8}-\d{6}\.png$/)).toBeTruthy();
    expect(screen.getByAltText('Your selfie')).toBeTruthy();
    const upload = server.bodies('POST /affiliate/upload-selfie')[0] as FormData;
    expect((upload.get('file') as File).type).toBe('image/png');
    type('Captcha', CAPTCHA_ANSWER);
    click('Verify');
    await screen.findByText(RegistrationMessages.captchaVerified);
    fireEvent.click(screen.getByLabelText('I accept the terms and conditions'));
    click('Register Now');

    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(server.bodies('POST /affiliate/submit-registration')).toEqual([
      {
        fullName: 'Ada Obi',
        email: 'ada@example.com',
        countryID: 1,
        identityType: 'NIN',
        ninOrBVN: '28419630571',
        bankID: 9,
        accountNumber: '0123456789',
        selfieImagePath: 'selfies/2f1c.png',
        captchaId: captchaId(1),
        tandc: true,
      },
    ]);
    expect(notify.success).toHaveBeenLastCalledWith(SUBMITTED);
  });

  // Issue 26 item 12. Spec §5: 'Stripped to digits, it must be exactly 11 digits'.
  it('keeps a BVN typed with dashes whole and sends its 11 digits', async () => {
    installCamera();
    await openStepTwo();
    typeKeys(/BVN Number/, '123-456-789-01');
    expect((screen.getByLabelText(/BVN Number/) as HTMLInputElement).value).toBe('123-456-789-01');
    click('Register Now');
    // Read as 12345678901, whose only fault is the run; cut at 11 characters it would be 9 digits long.
    await waitFor(() =>
      expect(alerts()[0]).toBe('BVN cannot contain consecutive number patterns (e.g. 123456 or 987654).'),
    );

    typeKeys(/BVN Number/, '284 196-305 71');
    expect((screen.getByLabelText(/BVN Number/) as HTMLInputElement).value).toBe('284 196-305 71');
    await completeStepTwoAndRegister();
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(server.bodies('POST /affiliate/submit-registration')).toEqual([
      expect.objectContaining({ identityType: 'BVN', ninOrBVN: '28419630571' }),
    ]);
  });

  it('stays on the page with a fresh captcha when the server refuses the registration', async () => {
    installCamera();
    await openStepTwo({
      'POST /affiliate/submit-registration': () => {
        throw new FakeHttpError(409, RegistrationMessages.emailAlreadyRegistered);
      },
    });
    type(/BVN Number/, '28419630571');
    await completeStepTwoAndRegister();
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(RegistrationMessages.emailAlreadyRegistered),
    );
    await waitFor(() =>
      expect(screen.getByAltText(/CAPTCHA/).getAttribute('src')).toBe('data:image/png;base64,2'),
    );
    expect(screen.queryByText('Sign-in page')).toBeNull();
  });

  it('reloads the page 5 seconds after a form reset', async () => {
    await renderPage();
    await verifyEmail();
    jest.useFakeTimers();
    click('Reset');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(Messages.emailVerified)).toBeNull();
    expect(screen.getByRole('status', { name: '' }).textContent).toMatch(/reload in 5 seconds/);
    act(() => jest.advanceTimersByTime(4_900));
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(100));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('RegisterPage, loading the options', () => {
  it('shows the whole form from the first paint, busy until the options arrive, so nothing below it moves', async () => {
    server = fakeHttp(handlers({}));
    render(
      <MemoryRouter>
        <RegisterPage reloadPage={jest.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
    expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false'));
  });

  it('offers to try again when the countries and banks cannot be loaded', async () => {
    let fail = true;
    server = fakeHttp(
      handlers({
        'GET /master/affiliate-register-options': () => {
          if (fail) throw new FakeHttpError(500, 'Something went wrong.');
          return OPTIONS;
        },
      }),
    );
    render(
      <MemoryRouter>
        <RegisterPage reloadPage={jest.fn()} />
      </MemoryRouter>,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(notify.error).toHaveBeenCalledWith('Something went wrong.');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByLabelText('Full Name')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

/** A front camera that works, and a canvas that yields a PNG (jsdom has neither). */
function installCamera() {
  const stop = jest.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: jest.fn().mockResolvedValue({ getTracks: () => [{ stop }] }) },
  });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue({ drawImage: jest.fn() } as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback) {
    callback(new Blob(['png'], { type: 'image/png' }));
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:selfie'), revokeObjectURL: jest.fn() });
  return { stop };
}
