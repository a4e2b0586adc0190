// `@portal/contracts/registration-start` (zod-free) and `@portal/contracts/registration` are what the
// registration page loads instead of the whole contract (issues 14 and 26): they must be the very same
// contract, not a second copy that could drift.
import * as root from '../index';
import * as registrationStart from '../registration-start';
import * as registration from '../registration';

test.each([
  ['registration-start', registrationStart],
  ['registration', registration],
])('every name of the %s entry is the same value as the package root exports', (_name, entry) => {
  const names = Object.keys(entry);
  expect(names.length).toBeGreaterThan(30);
  const notTheSame = names.filter(
    (name) => (entry as Record<string, unknown>)[name] !== (root as Record<string, unknown>)[name],
  );
  expect(notTheSame).toEqual([]);
});

test('the registration-start entry has what the page shows and checks before its first keystroke', () => {
  for (const name of [
    'Texts',
    'Messages',
    'RegistrationMessages',
    'BankVerificationMessages',
    'FULL_NAME_MAX_LENGTH',
    'EMAIL_MAX_LENGTH',
    'OTP_LENGTH',
    'OTP_RESEND_SECONDS',
    'ACCOUNT_NUMBER_LENGTH',
    'IDENTITY_NUMBER_LENGTH',
    'IDENTITY_TYPES',
    'DEFAULT_IDENTITY_TYPE',
    'CAPTCHA_LENGTH',
    'SELFIE_FIELD',
    'mobileInputMaxLength',
    'normaliseEmail',
    'normaliseMobileNumber',
    'otpError',
    'registrationStepOneChecks',
    'registrationFormChecks',
    'toRegistrationSubmission',
    'RegistrationStartEndpoints',
  ]) {
    expect([name, name in registrationStart]).toEqual([name, true]);
  }
});

// Every name the registration entry had before registration-start was split off (issue 26): an auth remote built
// before then, deployed beside today's shell, shares this entry under the same name and version.
const NAMES_BEFORE_THE_SPLIT = [
  'productMessage',
  'Texts',
  'Messages',
  'EMAIL_MAX_LENGTH',
  'normaliseEmail',
  'EmailField',
  'OTP_LENGTH',
  'OTP_RESEND_SECONDS',
  'otpError',
  'OtpField',
  'FULL_NAME_MAX_LENGTH',
  'mobileInputMaxLength',
  'normaliseMobileNumber',
  'IDENTITY_TYPES',
  'DEFAULT_IDENTITY_TYPE',
  'ACCOUNT_NUMBER_LENGTH',
  'RegistrationFormMessages',
  'toId',
  'registrationStepOneSchema',
  'registrationFormSchema',
  'registrationSubmissionSchema',
  'MessageResponse',
  'ErrorResponse',
  'RegisterOptionsResponse',
  'RegistrationMessages',
  'maskMobileNumber',
  'SELFIE_FIELD',
  'CAPTCHA_LENGTH',
  'CAPTCHA_WIDTH',
  'CAPTCHA_HEIGHT',
  'CaptchaChallengeResponse',
  'SubmitRegistrationRequest',
  'defineEndpoint',
  'endpointPath',
  'MasterEndpoints',
  'RegistrationEndpoints',
  'BankVerificationMessages',
  'BankVerificationEndpoints',
];

test('the registration entry has every call the page makes after the first keystroke, and every name it had', () => {
  for (const name of NAMES_BEFORE_THE_SPLIT) {
    expect([name, name in registration]).toEqual([name, true]);
  }
});

test('the registration-start entry loads without zod', () => {
  jest.isolateModules(() => {
    jest.doMock('zod', () => {
      throw new Error('zod was loaded');
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(() => require('../registration-start')).not.toThrow();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(() => require('../registration')).toThrow('zod was loaded');
  });
  jest.dontMock('zod');
});

test("loaded alone, the registration entry still words zod's leftovers in the product's words (error-map's global setting)", () => {
  jest.isolateModules(() => {
    // A fresh zod and a fresh contract: only this entry sets zod's configuration.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const alone = require('../registration') as typeof registration;
    const answer = alone.RegisterOptionsResponse.safeParse({ countries: 'none', banks: [] });
    expect(answer.error?.issues[0]?.message).toBe(
      alone.productMessage({
        code: 'invalid_type',
        expected: 'array',
        input: 'none',
        path: ['countries'],
      } as never),
    );
    expect(answer.error?.issues[0]?.message).toMatch(/^countries must be /);
  });
});
