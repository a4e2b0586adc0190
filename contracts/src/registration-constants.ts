// The registration flow's messages and limits, zod-free: the registration page shows and enforces them
// before zod loads (issue 26). api/registration.ts re-exports them beside the calls' schemas.

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

/**
 * The selfie (POST affiliate/upload-selfie: multipart, field `file`, PNG or JPEG up to 5 MB). Uploads that
 * reach the image decoder are limited per registration over its whole life (a camera capture needs one, a few
 * retakes at most) and per client IP within a rolling hour.
 */
export const SELFIE_UPLOAD_LIMITS = { perRegistration: 10, perIp: 30, windowMinutes: 60 } as const;
export const SELFIE_MAX_BYTES = 5 * 1024 * 1024;
export const SELFIE_MIN_PIXELS = 64;
export const SELFIE_MAX_PIXELS = 4096;
export const SELFIE_FIELD = 'file';

/** Captcha (spec §4): 6 characters on a 150x50 PNG; one answer per challenge. */
export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;
