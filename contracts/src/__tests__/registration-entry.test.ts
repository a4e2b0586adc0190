// `@portal/contracts/registration` is what the registration page loads instead of the whole contract
// (issue 14): it must be the very same contract, not a second copy that could drift.
import * as root from '../index';
import * as registration from '../registration';

test('every name of the registration entry is the same value as the package root exports', () => {
  const names = Object.keys(registration);
  expect(names.length).toBeGreaterThan(40);
  const notTheSame = names.filter(
    (name) => (registration as Record<string, unknown>)[name] !== (root as Record<string, unknown>)[name],
  );
  expect(notTheSame).toEqual([]);
});

test('it has what the registration page and its calls use', () => {
  for (const name of [
    'Texts',
    'Messages',
    'RegistrationMessages',
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
    'registrationStepOneSchema',
    'registrationFormSchema',
    'MasterEndpoints',
    'RegistrationEndpoints',
  ]) {
    expect([name, name in registration]).toEqual([name, true]);
  }
});

test("loaded alone, it still words zod's leftovers in the product's words (error-map's global setting)", () => {
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
