import { z } from 'zod';
import { EmailField } from '../rules/email-field';
import { OtpField } from '../rules/otp';
import { Messages } from '../messages';
import { registrationSubmissionSchema, toId } from '../rules/registration-form';

/**
 * Affiliate registration calls (spec §7) and the captcha calls. Every answer without its own schema is
 * `{ message }`; every error is `{ message, errors? }` (ErrorResponse).
 *
 * The registration is bound to the browser by an HttpOnly cookie set by send-email-otp, so the calls keep
 * the spec's payloads: a same-origin client (axios, fetch) sends it without any code.
 */

/** Answers and errors of the registration flow that the spec leaves to us. */
export const RegistrationMessages = {
  emailOtpSent: 'An OTP has been sent to your email.',
  mobileOtpSent: 'An OTP has been sent to your WhatsApp number.',
  otpResendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP.`,
  otpSendLimit: 'Too many OTP requests. Please try again later.',
  otpInvalid: (attemptsLeft: number) =>
    `Invalid OTP. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`,
  otpAttemptsExhausted: 'Too many wrong attempts. Please request a new OTP.',
  otpExpired: 'OTP has expired. Please request a new OTP.',
  otpAlreadyUsed: 'This OTP has already been used. Please request a new OTP.',
  otpNotRequested: 'Please request an OTP first.',
  registrationNotStarted: 'Your registration session has expired. Please start again with Send OTP.',
  emailNotVerified: 'Please verify your email first.',
  mobileNotVerified: 'Please verify your mobile number first.',
  mobileChanged: 'looks like mobile number is changed, please verify again.',
  emailAlreadyRegistered: 'This email is already registered. Please sign in instead.',
  registrationAlreadySubmitted: 'This registration has already been submitted.',
  selfieTooLarge: 'Selfie must be at most 5 MB.',
  selfieWrongType: 'Selfie must be a PNG or JPEG image.',
  selfieBadSize: (min: number, max: number) =>
    `Selfie must be between ${min} and ${max} pixels wide and high.`,
  selfieUnreadable: 'Selfie image could not be read. Please capture it again.',
  selfieUploaded: 'Selfie uploaded successfully.',
  selfieUploadLimit: 'Too many selfie uploads. Please try again later.',
  registered:
    'Registration successful. Your KYC is under review; you will receive your sign-in details by email once it is approved.',
  captchaVerified: 'CAPTCHA verified.',
  captchaTooMany: 'Too many CAPTCHA requests. Please try again later.',
  // Issue 27: where the mobile code went, for the OTP step.
  codeSentBySms: (maskedNumber: string) => `We sent the code by SMS to ${maskedNumber}.`,
  whatsappUndeliverable:
    'We could not send the code to this number by WhatsApp. Please check that the number is registered with WhatsApp.',
  codeNotDelivered:
    'We could not deliver the code to this number. Please check the number and request a new OTP.',
} as const;

/**
 * A number with its middle hidden, for a screen that says where a code went: the first four characters (the
 * '+' and a country code) and the last three digits stay, '+2348031234567' -> '+234*******567'.
 */
export function maskMobileNumber(international: string): string {
  if (international.length <= 7) return international.replace(/\d(?=\d{2})/g, '*');
  return `${international.slice(0, 4)}${'*'.repeat(international.length - 7)}${international.slice(-3)}`;
}

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

/** POST affiliate/upload-selfie: multipart, field `file`, PNG or JPEG up to 5 MB. */
/**
 * Selfie uploads that reach the image decoder: per registration over its whole life (a camera capture needs
 * one, a few retakes at most) and per client IP within a rolling hour.
 */
export const SELFIE_UPLOAD_LIMITS = { perRegistration: 10, perIp: 30, windowMinutes: 60 } as const;
export const SELFIE_MAX_BYTES = 5 * 1024 * 1024;
export const SELFIE_MIN_PIXELS = 64;
export const SELFIE_MAX_PIXELS = 4096;
export const SELFIE_FIELD = 'file';
export const UploadSelfieResponse = z.object({ selfieImagePath: z.string(), message: z.string() });
export type UploadSelfieResponse = z.infer<typeof UploadSelfieResponse>;

/** POST affiliate/submit-registration: spec §3 payload plus captchaId (solved) and tandc (true). 201 `{ message }`. */
export const SubmitRegistrationRequest = registrationSubmissionSchema();
export type SubmitRegistrationRequest = z.output<typeof SubmitRegistrationRequest>;
export type SubmitRegistrationInput = z.input<typeof SubmitRegistrationRequest>;

/** Captcha (spec §4): 6 characters on a 150x50 PNG; one answer per challenge. */
export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

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
