import fc from 'fast-check';
import { SubmitRegistrationRequest } from '../../api/registration';
import {
  registrationFormChecks,
  registrationStepOneChecks,
  toRegistrationSubmission,
} from '../registration-checks';
import type { RegistrationFormContext } from '../registration-checks';
import { registrationFormSchema, registrationStepOneSchema } from '../registration-form';

const countries = [
  { countryID: 1, phoneNumberLength: 10 },
  { countryID: 2, phoneNumberLength: 9 },
];
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

const valid = {
  fullName: ' Ada   Obi ',
  email: 'Ada@Example.com',
  countryID: '1',
  mobileNumber: '8031234567',
  identityType: 'NIN',
  ninOrBVN: '2233-4455-667',
  bankID: 3,
  accountNumber: '0123456789',
  selfieImagePath: 'selfie/2026/01/x.png',
  captchaId: '2F1C1E9A-5B0B-4B1A-9D55-1C3E0C2B7A11',
  tandc: true,
};

describe('registration step one (spec §5 order)', () => {
  const schema = registrationStepOneSchema({ countries });

  test('an empty form reports every field in the spec order', () => {
    expect(messagesOf(schema.safeParse({}))).toEqual([
      'Please provide full name.',
      'Please provide email.',
      'Please select country.',
      'Please provide mobile.',
    ]);
  });

  test('each rule in turn', () => {
    expect(messagesOf(schema.safeParse({ ...valid, email: 'nope' }))).toEqual(['Email is not valid.']);
    expect(messagesOf(schema.safeParse({ ...valid, countryID: 99 }))).toEqual(['Please select country.']);
    expect(messagesOf(schema.safeParse({ ...valid, countryID: 2 }))).toEqual([
      'Mobile number must be 9 digit.',
    ]);
    expect(messagesOf(schema.safeParse({ ...valid, mobileNumber: '123' }))).toEqual([
      'Mobile number must be 10 digit.',
    ]);
  });

  test('an email other than the verified one must be verified again', () => {
    const verified = registrationStepOneSchema({ countries, verifiedEmail: 'ada@example.com' });
    expect(verified.safeParse(valid).success).toBe(true);
    expect(messagesOf(verified.safeParse({ ...valid, email: 'eve@example.com' }))).toEqual([
      'looks like email is changed, please verify again.',
    ]);
  });

  test('the output is normalised', () => {
    expect(schema.parse(valid)).toEqual({
      fullName: 'Ada Obi',
      email: 'ada@example.com',
      countryID: 1,
      mobileNumber: '8031234567',
    });
  });
});

describe('final submit (spec §5 order)', () => {
  test('the submit payload schema reports in the spec order', () => {
    expect(messagesOf(SubmitRegistrationRequest.safeParse({}))).toEqual([
      'Please provide full name.',
      'Please provide email.',
      'Please select country.',
      'Please provide NIN or BVN.',
      'Please provide Bank Name.',
      'Please provide Account Number.',
      'Please provide Selfie.',
      'Invalid CAPTCHA!',
      'Please accept terms and conditions.',
    ]);
  });

  test('the NIN/BVN message names the chosen type; BVN is the default', () => {
    expect(messagesOf(SubmitRegistrationRequest.safeParse({ ...valid, ninOrBVN: '123' }))).toEqual([
      'Enter 11 digits for your NIN.',
    ]);
    expect(
      messagesOf(SubmitRegistrationRequest.safeParse({ ...valid, identityType: undefined, ninOrBVN: '123' })),
    ).toEqual(['Enter 11 digits for your BVN.']);
    expect(messagesOf(SubmitRegistrationRequest.safeParse({ ...valid, identityType: 'PASSPORT' }))).toEqual([
      'Please select BVN or NIN.',
    ]);
  });

  test('terms must be accepted, captcha must be a challenge id', () => {
    expect(messagesOf(SubmitRegistrationRequest.safeParse({ ...valid, tandc: false }))).toEqual([
      'Please accept terms and conditions.',
    ]);
    expect(messagesOf(SubmitRegistrationRequest.safeParse({ ...valid, captchaId: 'abc' }))).toEqual([
      'Invalid CAPTCHA!',
    ]);
  });

  test('a valid payload is normalised for storage', () => {
    expect(SubmitRegistrationRequest.parse(valid)).toEqual({
      fullName: 'Ada Obi',
      email: 'ada@example.com',
      countryID: 1,
      identityType: 'NIN',
      ninOrBVN: '22334455667',
      bankID: 3,
      accountNumber: '0123456789',
      selfieImagePath: 'selfie/2026/01/x.png',
      captchaId: '2f1c1e9a-5b0b-4b1a-9d55-1c3e0c2b7a11',
      tandc: true,
    });
  });

  test('the whole form adds the step-one checks, with the mobile among them', () => {
    const schema = registrationFormSchema({ countries, verifiedEmail: 'ada@example.com' });
    expect(messagesOf(schema.safeParse({ ...valid, mobileNumber: '', tandc: false }))).toEqual([
      'Please provide mobile.',
      'Please accept terms and conditions.',
    ]);
    expect(messagesOf(schema.safeParse({ ...valid, email: 'x@y.com' }))).toEqual([
      'looks like email is changed, please verify again.',
    ]);
    expect(schema.parse(valid)).toEqual(SubmitRegistrationRequest.parse(valid));
  });
});

// The registration page checks its form with the plain rules (zod-free, issue 26) and the gateway with the
// schemas: for any form a browser can hold, both must say the same and make the same payload.
describe('the plain rules and the schemas agree', () => {
  const formLike = fc.record({
    fullName: fc.oneof(fc.constant(valid.fullName), fc.constant(''), fc.string({ maxLength: 70 })),
    email: fc.oneof(fc.constant(valid.email), fc.constant('ada@example.org'), fc.string({ maxLength: 20 })),
    countryID: fc.oneof(fc.constant(1), fc.constant(2), fc.constant(null), fc.integer()),
    mobileNumber: fc.oneof(
      fc.constant(valid.mobileNumber),
      fc.constant('803123456'),
      fc.string({ maxLength: 12 }),
    ),
    identityType: fc.constantFrom('BVN', 'NIN', '', 'TIN'),
    ninOrBVN: fc.oneof(fc.constant(valid.ninOrBVN), fc.stringMatching(/^[\d -]{0,14}$/)),
    bankID: fc.oneof(fc.constant(3), fc.constant(null), fc.integer()),
    accountNumber: fc.oneof(fc.constant(valid.accountNumber), fc.stringMatching(/^\d{0,11}$/)),
    selfieImagePath: fc.constantFrom(valid.selfieImagePath, '', ' '),
    captchaId: fc.constantFrom(valid.captchaId, '', 'not-a-uuid'),
    tandc: fc.boolean(),
  });
  const contexts = fc.constantFrom<RegistrationFormContext>(
    { countries },
    { countries, verifiedEmail: 'ada@example.com' },
    { countries: [] },
  );

  test('the whole form', () => {
    fc.assert(
      fc.property(formLike, contexts, (form, context) => {
        const parsed = registrationFormSchema(context).safeParse(form);
        const failures = registrationFormChecks(form, context).filter(([, message]) => message);
        expect(messagesOf(parsed)).toEqual(failures.map(([, message]) => message));
        if (parsed.success) expect(parsed.data).toEqual(toRegistrationSubmission(form));
      }),
      { numRuns: 1000 },
    );
  });

  test('step one', () => {
    fc.assert(
      fc.property(formLike, contexts, (form, context) => {
        const parsed = registrationStepOneSchema(context).safeParse(form);
        const failures = registrationStepOneChecks(form, context).filter(([, message]) => message);
        expect(messagesOf(parsed)).toEqual(failures.map(([, message]) => message));
      }),
      { numRuns: 1000 },
    );
  });
});
