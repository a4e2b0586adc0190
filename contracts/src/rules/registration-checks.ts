import { Messages } from '../messages';
import { accountNumberError, normaliseAccountNumber } from './account-number';
import { emailError, normaliseEmail } from './email';
import { fullNameError, normaliseFullName } from './full-name';
import type { IdentityType } from './identity-number';
import {
  DEFAULT_IDENTITY_TYPE,
  identityNumberDigits,
  identityNumberError,
  isIdentityType,
} from './identity-number';
import { mobileNumberError, normaliseMobileNumber } from './mobile-number';

/**
 * The registration rules of spec §5, written once and zod-free: the registration page checks its form with
 * them before zod has loaded (issue 26), and registration-form.ts wraps them in the zod schemas the gateway
 * validates with. Each field gets at most one message, and the messages come in the spec's order, so the first
 * is the one to show first (the gateway answers it as `message`).
 *
 * Fields are read loosely (a select may hold null, an id may arrive as a string) and every rule lives in one
 * ordered list, because a rule such as the NIN/BVN messages depends on another field (identityType).
 */

export const RegistrationFormMessages = {
  identityTypeInvalid: 'Please select BVN or NIN.',
} as const;

/** What the form needs of each country: its id and the length of its mobile numbers. */
export interface CountryMobileRule {
  countryID: number;
  phoneNumberLength: number;
}

export interface RegistrationFormContext {
  countries: readonly CountryMobileRule[];
  /** The email verified in this registration; a different email in the field gets 'looks like email is changed...'. */
  verifiedEmail?: string | null;
}

type LooseText = string | null | undefined;
type LooseId = number | string | null | undefined;

/** Step one's fields (name, email, country, mobile) as a form or a request holds them. */
export interface RegistrationStepOneInput {
  fullName?: LooseText;
  email?: LooseText;
  countryID?: LooseId;
  mobileNumber?: LooseText;
}

/** The submit-registration payload's fields as a form or a request holds them. */
export interface RegistrationSubmissionInput {
  fullName?: LooseText;
  email?: LooseText;
  countryID?: LooseId;
  identityType?: LooseText;
  ninOrBVN?: LooseText;
  bankID?: LooseId;
  accountNumber?: LooseText;
  selfieImagePath?: LooseText;
  captchaId?: LooseText;
  tandc?: boolean | null;
}

/** The whole registration form: the submission's fields and the mobile number. */
export type RegistrationFormInput = RegistrationSubmissionInput &
  Pick<RegistrationStepOneInput, 'mobileNumber'>;

/** A field and its message; the message is undefined when the field passed. */
export type RegistrationCheck = readonly [field: string, message: string | undefined];

/** A positive integer id from a number or a numeric string; undefined otherwise. */
export function toId(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function emailCheck(
  value: RegistrationStepOneInput,
  verifiedEmail: string | null | undefined,
): RegistrationCheck {
  const error = emailError(value.email);
  if (error) return ['email', error];
  const changed = verifiedEmail && normaliseEmail(value.email ?? '') !== normaliseEmail(verifiedEmail);
  return ['email', changed ? Messages.emailChanged : undefined];
}

/** Step one's checks (run before Send OTP), with the chosen country's mobile length. */
export function registrationStepOneChecks(
  value: RegistrationStepOneInput,
  context: RegistrationFormContext,
): RegistrationCheck[] {
  const countryID = toId(value.countryID);
  const country = context.countries.find((c) => c.countryID === countryID);
  return [
    ['fullName', fullNameError(value.fullName)],
    emailCheck(value, context.verifiedEmail),
    ['countryID', country ? undefined : Messages.countryRequired],
    [
      'mobileNumber',
      country
        ? mobileNumberError(value.mobileNumber, country.phoneNumberLength)
        : value.mobileNumber?.trim()
          ? undefined
          : Messages.mobileRequired,
    ],
  ];
}

function identityTypeOf(value: RegistrationSubmissionInput): IdentityType | undefined {
  if (value.identityType === undefined || value.identityType === null || value.identityType === '') {
    return DEFAULT_IDENTITY_TYPE;
  }
  return isIdentityType(value.identityType) ? value.identityType : undefined;
}

/** The submission's checks, spec §5 order: name, (email, country), ID number, bank, account, selfie, captcha, terms. */
export function registrationSubmissionChecks(
  value: RegistrationSubmissionInput,
  verifiedEmail?: string | null,
): RegistrationCheck[] {
  const identityType = identityTypeOf(value);
  const captchaId = value.captchaId?.trim() ?? '';
  return [
    ['fullName', fullNameError(value.fullName)],
    emailCheck(value, verifiedEmail),
    ['countryID', toId(value.countryID) ? undefined : Messages.countryRequired],
    ['identityType', identityType ? undefined : RegistrationFormMessages.identityTypeInvalid],
    ['ninOrBVN', identityNumberError(value.ninOrBVN, identityType ?? DEFAULT_IDENTITY_TYPE)],
    ['bankID', toId(value.bankID) ? undefined : Messages.bankRequired],
    ['accountNumber', accountNumberError(value.accountNumber)],
    ['selfieImagePath', value.selfieImagePath?.trim() ? undefined : Messages.selfieRequired],
    ['captchaId', UUID.test(captchaId) ? undefined : Messages.captchaInvalid],
    ['tandc', value.tandc === true ? undefined : Messages.termsRequired],
  ];
}

/** The whole form at Register Now: step one's checks (with the country's mobile length), then the rest. */
export function registrationFormChecks(
  value: RegistrationFormInput,
  context: RegistrationFormContext,
): RegistrationCheck[] {
  const [fullName, email, country, mobile] = registrationStepOneChecks(value, context);
  const [, , , ...rest] = registrationSubmissionChecks(value, context.verifiedEmail);
  return [fullName, email, country, mobile, ...rest];
}

/** Step one's clean values, once its checks have passed. */
export function toRegistrationStepOne(value: RegistrationStepOneInput) {
  return {
    fullName: normaliseFullName(value.fullName ?? ''),
    email: normaliseEmail(value.email ?? ''),
    countryID: toId(value.countryID) ?? 0,
    mobileNumber: normaliseMobileNumber(value.mobileNumber ?? ''),
  };
}

/**
 * The submit-registration payload, once every check has passed (the mobile number is not sent: the server
 * uses the verified one).
 */
export function toRegistrationSubmission(value: RegistrationSubmissionInput) {
  return {
    fullName: normaliseFullName(value.fullName ?? ''),
    email: normaliseEmail(value.email ?? ''),
    countryID: toId(value.countryID) ?? 0,
    identityType: identityTypeOf(value) ?? DEFAULT_IDENTITY_TYPE,
    ninOrBVN: identityNumberDigits(value.ninOrBVN ?? ''),
    bankID: toId(value.bankID) ?? 0,
    accountNumber: normaliseAccountNumber(value.accountNumber ?? ''),
    selfieImagePath: (value.selfieImagePath ?? '').trim(),
    captchaId: (value.captchaId ?? '').trim().toLowerCase(),
    tandc: true as const,
  };
}

/** The submit-registration payload (its type: the zod schema's output is the same). */
export type RegistrationSubmission = ReturnType<typeof toRegistrationSubmission>;
