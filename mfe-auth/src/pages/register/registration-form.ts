import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { DEFAULT_IDENTITY_TYPE, registrationFormSchema } from '@portal/contracts/registration';
import type {
  IdentityType,
  RegistrationFormContext,
  SubmitRegistrationRequest,
} from '@portal/contracts/registration';

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

/** The form's handle: its values, and the submit-registration payload that the contracts schema makes of them. */
export type RegistrationForm = UseFormReturn<RegistrationFormValues, unknown, SubmitRegistrationRequest>;
type RegistrationResolver = Resolver<RegistrationFormValues, unknown, SubmitRegistrationRequest>;

/**
 * zodResolver over contracts' `registrationFormSchema`, built for the page's state at each validation (the
 * countries' mobile lengths, the verified email). The schema reads the form's fields and ignores the page's
 * own (OTP codes, captcha answer); its output is the submit payload.
 */
export function contractsResolver(context: () => RegistrationFormContext): RegistrationResolver {
  return (values, resolverContext, options) => {
    const resolve = zodResolver(registrationFormSchema(context()));
    return resolve(
      values,
      resolverContext,
      options as unknown as Parameters<typeof resolve>[2],
    ) as ReturnType<RegistrationResolver>;
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

interface IssueSource {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Each field's first message from a contracts schema, for the fields asked, in the schema's order (which
 * is spec §5's). A field absent from the answer passed.
 */
export function firstMessages<F extends string>(
  schema: IssueSource,
  values: unknown,
  fields: readonly F[],
): Map<F, string> {
  const result = schema.safeParse(values);
  const messages = new Map<F, string>();
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (
      typeof field === 'string' &&
      (fields as readonly string[]).includes(field) &&
      !messages.has(field as F)
    ) {
      messages.set(field as F, issue.message);
    }
  }
  return messages;
}
