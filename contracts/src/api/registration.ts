import { z } from 'zod';
import { EmailField } from '../rules/email-field';
import { OtpField } from '../rules/otp-field';
import { Messages } from '../messages';
import { toId } from '../rules/registration-checks';
import { registrationSubmissionSchema } from '../rules/registration-form';

/**
 * Affiliate registration calls (spec §7) and the captcha calls. Every answer without its own schema is
 * `{ message }`; every error is `{ message, errors? }` (ErrorResponse).
 *
 * The registration is bound to the browser by an HttpOnly cookie set by send-email-otp, so the calls keep
 * the spec's payloads: a same-origin client (axios, fetch) sends it without any code.
 */

// Zod-free, so the registration page can show them before zod loads (issue 26).
export {
  RegistrationMessages,
  maskMobileNumber,
  SELFIE_UPLOAD_LIMITS,
  SELFIE_MAX_BYTES,
  SELFIE_MIN_PIXELS,
  SELFIE_MAX_PIXELS,
  SELFIE_FIELD,
  CAPTCHA_LENGTH,
  CAPTCHA_WIDTH,
  CAPTCHA_HEIGHT,
} from '../registration-constants';

/** POST affiliate/send-email-otp and affiliate/resend-email-otp. */
export const SendEmailOtpRequest = z.object({ email: EmailField });
export type SendEmailOtpRequest = z.output<typeof SendEmailOtpRequest>;
export const ResendEmailOtpRequest = SendEmailOtpRequest;
export type ResendEmailOtpRequest = SendEmailOtpRequest;

/** POST affiliate/verify-email-otp → 'Email verified successfully!'. */
export const VerifyEmailOtpRequest = z.object({ email: EmailField, otp: OtpField });
export type VerifyEmailOtpRequest = z.output<typeof VerifyEmailOtpRequest>;

/** A country id as a select gives it: number or numeric string. */
const CountryIdField = z
  .union([z.number(), z.string()], { error: Messages.countryRequired })
  .nullish()
  .transform((value, ctx) => {
    const id = toId(value);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: Messages.countryRequired });
      return z.NEVER;
    }
    return id;
  });

/** Presence here; its length is the country's phoneNumberLength, checked by the gateway (mobileNumberError). */
const MobileNumberField = z
  .string({ error: Messages.mobileRequired })
  .trim()
  .min(1, { error: Messages.mobileRequired });

/** POST affiliate/send-mobile-otp: the OTP goes by WhatsApp to phoneCode + mobileNumber. */
export const SendMobileOtpRequest = z.object({
  email: EmailField,
  countryID: CountryIdField,
  mobileNumber: MobileNumberField,
});
export type SendMobileOtpRequest = z.output<typeof SendMobileOtpRequest>;

/** POST affiliate/resend-mobile-otp: to the number of the last send-mobile-otp. */
export const ResendMobileOtpRequest = SendEmailOtpRequest;
export type ResendMobileOtpRequest = SendEmailOtpRequest;

/** POST affiliate/mobile-otp-status: where the last mobile code went and how far it got. */
export const MobileOtpStatusRequest = SendEmailOtpRequest;
export type MobileOtpStatusRequest = SendEmailOtpRequest;
export const MobileOtpStatusResponse = z.object({
  /** The channel that carries the code now: WhatsApp, or SMS once it fell back. */
  channel: z.enum(['whatsapp', 'sms']),
  /** queued (not yet taken by the provider), sent, delivered, read, or failed. */
  state: z.enum(['queued', 'sent', 'delivered', 'read', 'failed']),
  /** What the OTP step shows: 'We sent the code by SMS to +234*******567.' and the like. */
  message: z.string(),
});
export type MobileOtpStatusResponse = z.infer<typeof MobileOtpStatusResponse>;

/** POST affiliate/verify-mobile-otp → 'Mobile verified successfully!'. */
export const VerifyMobileOtpRequest = z.object({
  email: EmailField,
  countryID: CountryIdField,
  mobileNumber: MobileNumberField,
  otp: OtpField,
});
export type VerifyMobileOtpRequest = z.output<typeof VerifyMobileOtpRequest>;

/** POST affiliate/upload-selfie's answer. */
export const UploadSelfieResponse = z.object({ selfieImagePath: z.string(), message: z.string() });
export type UploadSelfieResponse = z.infer<typeof UploadSelfieResponse>;

/** POST affiliate/submit-registration: spec §3 payload plus captchaId (solved) and tandc (true). 201 `{ message }`. */
export const SubmitRegistrationRequest = registrationSubmissionSchema();
export type SubmitRegistrationRequest = z.output<typeof SubmitRegistrationRequest>;
export type SubmitRegistrationInput = z.input<typeof SubmitRegistrationRequest>;

/** POST captcha → a new challenge; `image` is a `data:image/png;base64,...` URL. */
export const CaptchaChallengeResponse = z.object({ captchaId: z.string(), image: z.string() });
export type CaptchaChallengeResponse = z.infer<typeof CaptchaChallengeResponse>;

/** POST captcha/verify → 'CAPTCHA verified.'; a wrong answer ends the challenge (400 'Invalid CAPTCHA!'). */
export const VerifyCaptchaRequest = z.object({
  captchaId: z
    .string({ error: Messages.captchaInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: Messages.captchaInvalid })),
  answer: z.string({ error: Messages.captchaInvalid }).trim().min(1, { error: Messages.captchaInvalid }),
});
export type VerifyCaptchaRequest = z.output<typeof VerifyCaptchaRequest>;

/** GET dev/outbox?to= (outside production only): recent messages to one recipient, newest first. */
export const DevOutboxQuery = z.object({
  to: z.string({ error: 'Please provide to.' }).trim().min(1, { error: 'Please provide to.' }),
});
export const OutboxMessage = z.object({
  messageId: z.number().int(),
  channel: z.enum(['email', 'whatsapp', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const DevOutboxResponse = z.object({ messages: z.array(OutboxMessage) });
export type DevOutboxResponse = z.infer<typeof DevOutboxResponse>;

/** GET dev/captcha/{id} (outside production only): the answer, so browser tests can finish a registration. */
export const DevCaptchaResponse = z.object({ captchaId: z.string(), answer: z.string() });
export type DevCaptchaResponse = z.infer<typeof DevCaptchaResponse>;
