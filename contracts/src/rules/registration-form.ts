import { z } from 'zod';
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
 * The registration rules of spec §5, written once. Each schema reports at most one message per field, and
 * its issues come in the spec's order, so `issues[0]` is the message to show first (the gateway answers it
 * as `message`) and react-hook-form shows each field's own message.
 *
 * Fields are accepted loosely (a select may hold null, an id may arrive as a string) and every rule lives in
 * one ordered check, because a rule such as the NIN/BVN messages depends on another field (identityType).
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

const looseText = z.string().nullish();
const looseId = z.union([z.number(), z.string()]).nullish();

/** A positive integer id from a number or a numeric string; undefined otherwise. */
export function toId(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stepOneShape = {
  fullName: looseText,
  email: looseText,
  countryID: looseId,
  mobileNumber: looseText,
};

const finalShape = {
  fullName: looseText,
  email: looseText,
  countryID: looseId,
  identityType: looseText,
  ninOrBVN: looseText,
  bankID: looseId,
  accountNumber: looseText,
  selfieImagePath: looseText,
  captchaId: looseText,
  tandc: z.boolean().nullish(),
};

type StepOneInput = z.output<z.ZodObject<typeof stepOneShape>>;
type FinalInput = z.output<z.ZodObject<typeof finalShape>>;
type Check = readonly [path: string, message: string | undefined];

function report(ctx: z.RefinementCtx, checks: readonly Check[]): void {
  for (const [path, message] of checks) {
    if (message) ctx.addIssue({ code: 'custom', message, path: [path] });
  }
}

function emailChecks(value: StepOneInput | FinalInput, verifiedEmail: string | null | undefined): Check {
  const error = emailError(value.email);
  if (error) return ['email', error];
  const changed = verifiedEmail && normaliseEmail(value.email ?? '') !== normaliseEmail(verifiedEmail);
  return ['email', changed ? Messages.emailChanged : undefined];
}

function stepOneChecks(value: StepOneInput, context: RegistrationFormContext): Check[] {
  const countryID = toId(value.countryID);
  const country = context.countries.find((c) => c.countryID === countryID);
  return [
    ['fullName', fullNameError(value.fullName)],
    emailChecks(value, context.verifiedEmail),
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

function identityTypeOf(value: FinalInput): IdentityType | undefined {
  if (value.identityType === undefined || value.identityType === null || value.identityType === '') {
    return DEFAULT_IDENTITY_TYPE;
  }
  return isIdentityType(value.identityType) ? value.identityType : undefined;
}

/** Final submit, spec §5 order: name, (email, country), ID number, bank, account, selfie, captcha, terms. */
function finalChecks(value: FinalInput, verifiedEmail: string | null | undefined): Check[] {
  const identityType = identityTypeOf(value);
  const captchaId = value.captchaId?.trim() ?? '';
  return [
    ['fullName', fullNameError(value.fullName)],
    emailChecks(value, verifiedEmail),
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

/** The clean values, once every check has passed. */
function toSubmission(value: FinalInput) {
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

/** Step one (name, email, country, mobile) with the country's mobile length; run before Send OTP. */
export function registrationStepOneSchema(context: RegistrationFormContext) {
  return z
    .object(stepOneShape)
    .superRefine((value, ctx) => report(ctx, stepOneChecks(value, context)))
    .transform((value) => ({
      fullName: normaliseFullName(value.fullName ?? ''),
      email: normaliseEmail(value.email ?? ''),
      countryID: toId(value.countryID) ?? 0,
      mobileNumber: normaliseMobileNumber(value.mobileNumber ?? ''),
    }));
}

/**
 * The whole form at Register Now: step one's checks, then the final ones, in the spec's order. Its output is
 * the submit-registration payload (the mobile number is not sent: the server uses the verified one).
 */
export function registrationFormSchema(context: RegistrationFormContext) {
  return z
    .object({ ...finalShape, mobileNumber: looseText })
    .superRefine((value, ctx) => {
      const [fullName, email, country, mobile] = stepOneChecks(value, context);
      const [, , , ...rest] = finalChecks(value, context.verifiedEmail);
      report(ctx, [fullName, email, country, mobile, ...rest]);
    })
    .transform(toSubmission);
}

/**
 * The submit-registration payload's rules (without the form's context): the gateway validates with this,
 * then checks what only it knows (verified email and mobile, this registration's selfie, the solved
 * captcha, the bank). `SubmitRegistrationRequest` in api/registration.ts is this schema.
 */
export function registrationSubmissionSchema() {
  return z
    .object(finalShape)
    .superRefine((value, ctx) => report(ctx, finalChecks(value, undefined)))
    .transform(toSubmission);
}
