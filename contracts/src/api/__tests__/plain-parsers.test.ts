import fc from 'fast-check';
import { z } from 'zod';
import { OurMessages } from '../../messages';
import { RIGHTS } from '../../rights';
import { LoginRequest, LoginResponse } from '../auth';
import { RegisterOptionsResponse, RemotesResponse } from '../master';
import { MessageResponse } from '../common';
import {
  LoginResponseCheck,
  MessageResponseCheck,
  RegisterOptionsResponseCheck,
  parseLoginResponse,
  parseMessageResponse,
  parseRegisterOptionsResponse,
  parseRemotesResponse,
} from '../plain-parsers';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../rules/email';
import { signInFieldError } from '../../rules/sign-in';

const validLogin = {
  roleID: 1,
  userRole: 'Admin',
  email: 'admin@example.com',
  fullName: 'Ada Admin',
  forcePasswordUpdate: false,
  userRights: ['dashboard', 'manage_users', 'allusers'],
  token: 'header.payload.signature',
  expiresAt: '2026-11-22T10:00:00.000Z',
};

/** Login answers near the valid one: each field replaced by anything, or removed, or an extra key added. */
const loginLike = fc.oneof(
  fc.constant(validLogin),
  fc
    .record({
      key: fc.constantFrom(...Object.keys(validLogin)),
      value: fc.oneof(
        fc.anything(),
        fc.constantFrom(
          2.5,
          -1,
          Number.MAX_SAFE_INTEGER + 2,
          NaN,
          'Admin',
          'Guest',
          [...RIGHTS],
          ['nope'],
          true,
        ),
      ),
    })
    .map(({ key, value }) => ({ ...validLogin, [key]: value })),
  fc.string().map((key) => {
    const copy: Record<string, unknown> = { ...validLogin };
    delete copy[key in copy ? key : 'token'];
    return copy;
  }),
  fc.dictionary(fc.string(), fc.anything()).map((extra) => ({ ...extra, ...validLogin })),
  fc.anything(),
);

const loginCorners: unknown[] = [
  validLogin,
  { ...validLogin, extra: 'dropped' },
  null,
  [],
  'text',
  ...[2.5, NaN, Infinity, Number.MAX_SAFE_INTEGER + 2, '1'].map((roleID) => ({ ...validLogin, roleID })),
  ...['Guest', 'admin', 1].map((userRole) => ({ ...validLogin, userRole })),
  ...[['nope'], 'admin_users', [1], {}].map((userRights) => ({ ...validLogin, userRights })),
  ...[0, 'false', null].map((forcePasswordUpdate) => ({ ...validLogin, forcePasswordUpdate })),
  ...Object.keys(validLogin).map((key) => ({ ...validLogin, [key]: undefined })),
];

test('the valid sample is valid for both', () => {
  expect(LoginResponse.safeParse(validLogin).success).toBe(true);
  expect(parseLoginResponse(validLogin)).toEqual(validLogin);
});

test.each(loginCorners.map((value) => [JSON.stringify(value) ?? String(value), value]))(
  'parseLoginResponse agrees with the LoginResponse schema on %s',
  (_name, value) => {
    const zodResult = LoginResponse.safeParse(value);
    expect(parseLoginResponse(value)).toEqual(zodResult.success ? zodResult.data : undefined);
  },
);

test('parseLoginResponse accepts exactly what the LoginResponse schema accepts, and returns the same', () => {
  fc.assert(
    fc.property(loginLike, (value) => {
      const zodResult = LoginResponse.safeParse(value);
      expect(parseLoginResponse(value)).toEqual(zodResult.success ? zodResult.data : undefined);
    }),
    { numRuns: 2000 },
  );
});

test('parseRemotesResponse accepts exactly what the RemotesResponse schema accepts, and returns the same', () => {
  const remote = fc.oneof(
    fc.record({ name: fc.string(), entry: fc.string() }),
    fc.record({ name: fc.anything(), entry: fc.anything(), extra: fc.anything() }, { requiredKeys: [] }),
  );
  const remotesLike = fc.oneof(
    fc.record({ remotes: fc.array(remote, { maxLength: 5 }) }),
    fc.record({ remotes: fc.anything() }),
    fc.anything(),
  );
  fc.assert(
    fc.property(remotesLike, (value) => {
      const zodResult = RemotesResponse.safeParse(value);
      expect(parseRemotesResponse(value)).toEqual(zodResult.success ? zodResult.data : undefined);
    }),
    { numRuns: 2000 },
  );
});

test("the sign-in form's plain rules give the gateway schema's first message for every input", () => {
  const field = fc.oneof(
    fc.string(),
    fc.constantFrom('', ' ', '\t', 'a', ' a ', 'a\u0000', '\u000b a', ' a\u000b', '\ud800a', 'a\u007f'),
    fc.constantFrom('a'.repeat(254), ` ${'a'.repeat(254)} `, 'a'.repeat(255), `${'a'.repeat(255)}\u0000`),
    fc.string({ minLength: 250, maxLength: 260 }),
    fc.anything(),
  );
  fc.assert(
    fc.property(field, field, (userName, password) => {
      const result = LoginRequest.safeParse({ userName, password });
      const schemaMessage = (path: string) =>
        result.error?.issues.find((issue) => issue.path[0] === path)?.message;
      expect(signInFieldError.userName(userName)).toBe(schemaMessage('userName'));
      expect(signInFieldError.password(password)).toBe(schemaMessage('password'));
    }),
    { numRuns: 2000 },
  );
});

test("the sign-in user name's length message names the longest email", () => {
  expect(OurMessages.userNameTooLong).toContain(`${EMAIL_MAX_LENGTH} characters`);
});

test("the copied email pattern is zod's own", () => {
  expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
});

test('parseMessageResponse agrees with the MessageResponse schema', () => {
  for (const value of [
    { message: 'Sent.' },
    { message: 'Sent.', extra: 1 },
    { message: 1 },
    {},
    null,
    'Sent.',
    [],
  ]) {
    const zodResult = MessageResponse.safeParse(value);
    expect(parseMessageResponse(value)).toEqual(zodResult.success ? zodResult.data : undefined);
  }
  fc.assert(
    fc.property(fc.oneof(fc.record({ message: fc.anything() }), fc.anything()), (value) => {
      const zodResult = MessageResponse.safeParse(value);
      expect(parseMessageResponse(value)).toEqual(zodResult.success ? zodResult.data : undefined);
    }),
  );
});

test('the checks throw on a wrong answer, as zod parse does, and return the parsed one', () => {
  expect(LoginResponseCheck.parse(validLogin)).toEqual(validLogin);
  expect(() => LoginResponseCheck.parse({ ...validLogin, token: 1 })).toThrow('not a LoginResponse');
  expect(MessageResponseCheck.parse({ message: 'Sent.' })).toEqual({ message: 'Sent.' });
  expect(() => MessageResponseCheck.parse({})).toThrow('not a MessageResponse');
});

test('parseRegisterOptionsResponse accepts exactly what the RegisterOptionsResponse schema accepts, and returns the same', () => {
  const nigeria = {
    countryID: 1,
    countryName: 'Nigeria',
    countryCode: 'NG',
    phoneCode: '+234',
    phoneNumberLength: 10,
  };
  const oddNumbers = [2.5, -1, 0, NaN, Infinity, Number.MAX_SAFE_INTEGER + 2, '1', null];
  const country = fc.oneof(
    fc.constant(nigeria),
    fc
      .record({
        key: fc.constantFrom(...Object.keys(nigeria)),
        value: fc.oneof(fc.anything(), fc.constantFrom(...oddNumbers)),
      })
      .map(({ key, value }) => ({ ...nigeria, [key]: value })),
    fc.dictionary(fc.string(), fc.anything()).map((extra) => ({ ...extra, ...nigeria })),
  );
  const bank = fc.oneof(
    fc.record({ bankID: fc.integer(), bankName: fc.string() }),
    fc.record(
      { bankID: fc.oneof(fc.anything(), fc.constantFrom(...oddNumbers)), bankName: fc.anything() },
      { requiredKeys: [] },
    ),
  );
  const optionsLike = fc.oneof(
    fc.record({
      countries: fc.array(country, { maxLength: 4 }),
      banks: fc.array(bank, { maxLength: 4 }),
      extra: fc.anything(),
    }),
    fc.record({ countries: fc.anything(), banks: fc.anything() }, { requiredKeys: [] }),
    fc.anything(),
  );
  expect(parseRegisterOptionsResponse({ countries: [nigeria], banks: [] })).toEqual({
    countries: [nigeria],
    banks: [],
  });
  fc.assert(
    fc.property(optionsLike, (value) => {
      const zodResult = RegisterOptionsResponse.safeParse(value);
      expect(parseRegisterOptionsResponse(value)).toEqual(zodResult.success ? zodResult.data : undefined);
    }),
    { numRuns: 2000 },
  );
  expect(() => RegisterOptionsResponseCheck.parse({ countries: [] })).toThrow(
    'not a RegisterOptionsResponse',
  );
});
