// `@portal/contracts/registration` (zod-free) and `@portal/contracts/registration-calls` are what the
// registration page loads instead of the whole contract (issues 14 and 26): they must be the very same
// contract, not a second copy that could drift.
import * as root from '../index';
import * as registration from '../registration';
import * as registrationCalls from '../registration-calls';

test.each([
  ['registration', registration],
  ['registration-calls', registrationCalls],
])('every name of the %s entry is the same value as the package root exports', (_name, entry) => {
  const names = Object.keys(entry);
  expect(names.length).toBeGreaterThan(30);
  const notTheSame = names.filter(
    (name) => (entry as Record<string, unknown>)[name] !== (root as Record<string, unknown>)[name],
  );
  expect(notTheSame).toEqual([]);
});

test('the registration entry has what the page shows and checks before its first keystroke', () => {
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
    expect([name, name in registration]).toEqual([name, true]);
  }
});

test('the registration-calls entry has every call the page makes after that', () => {
  for (const name of ['MasterEndpoints', 'RegistrationEndpoints', 'BankVerificationEndpoints']) {
    expect([name, name in registrationCalls]).toEqual([name, true]);
  }
});

test('the registration entry loads without zod', () => {
  jest.isolateModules(() => {
    jest.doMock('zod', () => {
      throw new Error('zod was loaded');
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(() => require('../registration')).not.toThrow();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(() => require('../registration-calls')).toThrow('zod was loaded');
  });
  jest.dontMock('zod');
});

test("loaded alone, the registration calls still word zod's leftovers in the product's words (error-map's global setting)", () => {
  jest.isolateModules(() => {
    // A fresh zod and a fresh contract: only this entry sets zod's configuration.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const alone = require('../registration-calls') as typeof registrationCalls;
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
