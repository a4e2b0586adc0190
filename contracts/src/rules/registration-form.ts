import { z } from 'zod';
import {
  registrationFormChecks,
  registrationStepOneChecks,
  registrationSubmissionChecks,
  toRegistrationStepOne,
  toRegistrationSubmission,
} from './registration-checks';
import type { RegistrationCheck, RegistrationFormContext } from './registration-checks';

/**
 * The registration rules of spec §5 (registration-checks.ts) as zod schemas, for the gateway and the OpenAPI
 * document. Each schema reports at most one message per field, and its issues come in the spec's order, so
 * `issues[0]` is the message to show first (the gateway answers it as `message`).
 */

const looseText = z.string().nullish();
const looseId = z.union([z.number(), z.string()]).nullish();

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

function report(ctx: z.RefinementCtx, checks: readonly RegistrationCheck[]): void {
  for (const [path, message] of checks) {
    if (message) ctx.addIssue({ code: 'custom', message, path: [path] });
  }
}

/** Step one (name, email, country, mobile) with the country's mobile length; run before Send OTP. */
export function registrationStepOneSchema(context: RegistrationFormContext) {
  return z
    .object(stepOneShape)
    .superRefine((value, ctx) => report(ctx, registrationStepOneChecks(value, context)))
    .transform(toRegistrationStepOne);
}

/**
 * The whole form at Register Now: step one's checks, then the final ones, in the spec's order. Its output is
 * the submit-registration payload (the mobile number is not sent: the server uses the verified one).
 */
export function registrationFormSchema(context: RegistrationFormContext) {
  return z
    .object({ ...finalShape, mobileNumber: looseText })
    .superRefine((value, ctx) => report(ctx, registrationFormChecks(value, context)))
    .transform(toRegistrationSubmission);
}

/**
 * The submit-registration payload's rules (without the form's context): the gateway validates with this,
 * then checks what only it knows (verified email and mobile, this registration's selfie, the solved
 * captcha, the bank). `SubmitRegistrationRequest` in api/registration.ts is this schema.
 */
export function registrationSubmissionSchema() {
  return z
    .object(finalShape)
    .superRefine((value, ctx) => report(ctx, registrationSubmissionChecks(value)))
    .transform(toRegistrationSubmission);
}
