import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import {
  DEFAULT_IDENTITY_TYPE,
  registrationFormChecks,
  toRegistrationSubmission,
} from '@portal/contracts/registration-start';
import type {
  IdentityType,
  RegistrationCheck,
  RegistrationFormContext,
  RegistrationSubmission,
} from '@portal/contracts/registration-start';

/**
 * The registration form of spec §3, plus what the page keeps beside it: the captcha's typed answer and,
 * once solved, its challenge id (the field the 'Invalid CAPTCHA!' rule of contracts checks).
 */
export interface RegistrationFormValues {
  fullName: string;
  email: string;
  emailOTP: string;
  countryID: number | null;
  mobileNumber: string;
  mobileOTP: string;
  identityType: IdentityType;
  ninOrBVN: string;
  bankID: number | null;
  accountNumber: string;
  selfieImagePath: string;
  captchaAnswer: string;
  /** The id of the solved captcha challenge, '' while unsolved. */
  captchaId: string;
  tandc: boolean;
}

export type RegistrationField = keyof RegistrationFormValues;

/** The form's handle: its values, and the submit-registration payload that the contract's rules make of them. */
export type RegistrationForm = UseFormReturn<RegistrationFormValues, unknown, RegistrationSubmission>;
type RegistrationResolver = Resolver<RegistrationFormValues, unknown, RegistrationSubmission>;

/**
 * The contract's registration rules (the ones the gateway's zod schema wraps), run for the page's state at each
 * validation (the countries' mobile lengths, the verified email). They read the form's fields and ignore the
 * page's own (OTP codes, captcha answer); once all pass, the values become the submit payload. zod-free, so
 * the page answers before zod has loaded (issue 26).
 */
export function contractsResolver(context: () => RegistrationFormContext): RegistrationResolver {
  return (values) => {
    const errors: FieldErrors<RegistrationFormValues> = {};
    for (const [field, message] of registrationFormChecks(values, context())) {
      if (message) errors[field as RegistrationField] = { type: 'validate', message };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: toRegistrationSubmission(values), errors: {} };
  };
}

/** Spec §4 / §9: after a form reset the page reloads after 5 seconds. */
export const RELOAD_AFTER_RESET_MS = 5000;

export const EMPTY_REGISTRATION_FORM: RegistrationFormValues = {
  fullName: '',
  email: '',
  emailOTP: '',
  countryID: null,
  mobileNumber: '',
  mobileOTP: '',
  identityType: DEFAULT_IDENTITY_TYPE,
  ninOrBVN: '',
  bankID: null,
  accountNumber: '',
  selfieImagePath: '',
  captchaAnswer: '',
  captchaId: '',
  tandc: false,
};

/** Fields checked before an email OTP is sent, in spec §5's order. */
export const EMAIL_STEP_FIELDS = ['fullName', 'email'] as const satisfies readonly RegistrationField[];
/** Fields checked before a mobile OTP is sent: all of step one, in spec §5's order. */
export const MOBILE_STEP_FIELDS = [
  'fullName',
  'email',
  'countryID',
  'mobileNumber',
] as const satisfies readonly RegistrationField[];

/** Each asked field's message from the contract's checks; a field absent from the answer passed. */
export function messagesOf<F extends string>(
  checks: readonly RegistrationCheck[],
  fields: readonly F[],
): Map<F, string> {
  const messages = new Map<F, string>();
  for (const [field, message] of checks) {
    if (message && (fields as readonly string[]).includes(field)) messages.set(field as F, message);
  }
  return messages;
}
