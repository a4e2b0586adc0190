// zod-free twins of the answers the browser reads before anyone signs in: the remote list (the shell's start),
// the login response (sign-in, then the session store), the forgot-password message, and what the registration
// page reads before its first keystroke (its lists). They keep zod off the first page a visitor loads; a test
// feeds both forms the same inputs and expects the same result. Everything else is read with zod.
import type { LoginResponse } from './auth';
import type { SecondFactorChallenge } from './second-factor';
import type { MessageResponse } from './common';
import type { BankOption, CountryOption, RegisterOptionsResponse, RemotesResponse } from './master';
import { RIGHTS } from '../rights';
import type { Right } from '../rights';

const USER_ROLES: readonly string[] = ['Admin', 'Backoffice', 'Affiliate'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRight = (value: unknown): value is Right => (RIGHTS as readonly unknown[]).includes(value);

/** What `LoginResponse.safeParse` accepts, with unknown keys dropped as zod drops them; else undefined. */
export function parseLoginResponse(value: unknown): LoginResponse | undefined {
  if (!isRecord(value)) return undefined;
  const { roleID, userRole, email, fullName, forcePasswordUpdate, userRights, token, expiresAt } = value;
  const { secondFactorEnrolment } = value;
  if (
    typeof roleID !== 'number' ||
    !Number.isSafeInteger(roleID) ||
    typeof userRole !== 'string' ||
    !USER_ROLES.includes(userRole) ||
    typeof email !== 'string' ||
    typeof fullName !== 'string' ||
    typeof forcePasswordUpdate !== 'boolean' ||
    !Array.isArray(userRights) ||
    !userRights.every(isRight) ||
    typeof token !== 'string' ||
    typeof expiresAt !== 'string' ||
    (secondFactorEnrolment !== undefined && secondFactorEnrolment !== true)
  )
    return undefined;
  return {
    roleID,
    userRole: userRole as LoginResponse['userRole'],
    email,
    fullName,
    forcePasswordUpdate,
    userRights: [...userRights],
    token,
    expiresAt,
    ...(secondFactorEnrolment ? { secondFactorEnrolment } : {}),
  };
}

/** What `SecondFactorChallenge.safeParse` accepts, with unknown keys dropped; else undefined. */
export function parseSecondFactorChallenge(value: unknown): SecondFactorChallenge | undefined {
  if (!isRecord(value)) return undefined;
  const { secondFactorRequired, challenge, message } = value;
  if (secondFactorRequired !== true || typeof challenge !== 'string' || typeof message !== 'string')
    return undefined;
  return { secondFactorRequired, challenge, message };
}

/** What `LoginAnswer.safeParse` accepts: a login response, or a second-factor challenge. */
export function parseLoginAnswer(value: unknown): LoginResponse | SecondFactorChallenge | undefined {
  return parseLoginResponse(value) ?? parseSecondFactorChallenge(value);
}

/** Narrows a login answer: true when a code must be sent before the token comes. */
export function isSecondFactorChallenge(
  answer: LoginResponse | SecondFactorChallenge,
): answer is SecondFactorChallenge {
  return 'secondFactorRequired' in answer && answer.secondFactorRequired === true;
}

/** What `RemotesResponse.safeParse` accepts, with unknown keys dropped; else undefined. */
export function parseRemotesResponse(value: unknown): RemotesResponse | undefined {
  if (!isRecord(value) || !Array.isArray(value.remotes)) return undefined;
  const remotes: RemotesResponse['remotes'] = [];
  for (const remote of value.remotes) {
    if (!isRecord(remote) || typeof remote.name !== 'string' || typeof remote.entry !== 'string')
      return undefined;
    remotes.push({ name: remote.name, entry: remote.entry });
  }
  return { remotes };
}

/** What `MessageResponse.safeParse` accepts, with unknown keys dropped; else undefined. */
export function parseMessageResponse(value: unknown): MessageResponse | undefined {
  return isRecord(value) && typeof value.message === 'string' ? { message: value.message } : undefined;
}

const isSafeInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

function parseCountryOption(value: unknown): CountryOption | undefined {
  if (!isRecord(value)) return undefined;
  const { countryID, countryName, countryCode, phoneCode, phoneNumberLength } = value;
  if (
    !isSafeInteger(countryID) ||
    typeof countryName !== 'string' ||
    typeof countryCode !== 'string' ||
    typeof phoneCode !== 'string' ||
    !isSafeInteger(phoneNumberLength)
  )
    return undefined;
  return { countryID, countryName, countryCode, phoneCode, phoneNumberLength };
}

function parseBankOption(value: unknown): BankOption | undefined {
  if (!isRecord(value)) return undefined;
  const { bankID, bankName } = value;
  return isSafeInteger(bankID) && typeof bankName === 'string' ? { bankID, bankName } : undefined;
}

/** Every item parsed, or undefined when one fails. */
function parseAll<T>(values: readonly unknown[], parse: (value: unknown) => T | undefined): T[] | undefined {
  const parsed: T[] = [];
  for (const value of values) {
    const item = parse(value);
    if (item === undefined) return undefined;
    parsed.push(item);
  }
  return parsed;
}

/** What `RegisterOptionsResponse.safeParse` accepts (the registration page's lists), unknown keys dropped. */
export function parseRegisterOptionsResponse(value: unknown): RegisterOptionsResponse | undefined {
  if (!isRecord(value) || !Array.isArray(value.countries) || !Array.isArray(value.banks)) return undefined;
  const countries = parseAll(value.countries, parseCountryOption);
  const banks = parseAll(value.banks, parseBankOption);
  return countries && banks ? { countries, banks } : undefined;
}

/** A check with zod's `parse` shape (throws on a wrong answer), for the browser's HTTP client. */
export function answerCheck<T>(
  name: string,
  parse: (value: unknown) => T | undefined,
): { parse(value: unknown): T } {
  return {
    parse(value) {
      const result = parse(value);
      if (result === undefined) throw new TypeError(`The answer is not a ${name}`);
      return result;
    },
  };
}

export const LoginResponseCheck = answerCheck('LoginResponse', parseLoginResponse);
export const LoginAnswerCheck = answerCheck('LoginAnswer', parseLoginAnswer);
export const MessageResponseCheck = answerCheck('MessageResponse', parseMessageResponse);
export const RemotesResponseCheck = answerCheck('RemotesResponse', parseRemotesResponse);
export const RegisterOptionsResponseCheck = answerCheck(
  'RegisterOptionsResponse',
  parseRegisterOptionsResponse,
);
