import { ErrorResponse, MessageResponse } from '../api/common';
import {
  CaptchaChallengeResponse,
  DevCaptchaResponse,
  DevOutboxQuery,
  DevOutboxResponse,
  MobileOtpStatusRequest,
  MobileOtpStatusResponse,
  RegistrationMessages,
  ResendEmailOtpRequest,
  ResendMobileOtpRequest,
  SELFIE_FIELD,
  SELFIE_UPLOAD_LIMITS,
  SendEmailOtpRequest,
  SendMobileOtpRequest,
  SubmitRegistrationRequest,
  UploadSelfieResponse,
  VerifyCaptchaRequest,
  VerifyEmailOtpRequest,
  VerifyMobileOtpRequest,
} from '../api/registration';
import { defineEndpoint } from '../endpoint';
import { Messages } from '../messages';

const TAG = 'Registration';
const error = (description: string) => ({ description, schema: ErrorResponse });
const COOKIE_NOTE = ' Needs the registration cookie set by send-email-otp.';

/** Affiliate self-registration, spec §4 and §7, with the captcha it uses. */
export const RegistrationEndpoints = {
  sendEmailOtp: defineEndpoint({
    method: 'post',
    path: '/affiliate/send-email-otp',
    tag: TAG,
    summary:
      'Start (or restart) a registration: a 6-digit OTP to the email. Sets the registration cookie. The same ' +
      'answer for every address: one that already has an account is emailed that, with no code.',
    auth: 'public',
    body: SendEmailOtpRequest,
    answer: { description: RegistrationMessages.emailOtpSent, schema: MessageResponse },
    otherAnswers: {
      400: error('Email missing or not valid'),
      429: error('Within 30 s of the last code, or over the hourly send caps (Retry-After)'),
    },
  }),
  resendEmailOtp: defineEndpoint({
    method: 'post',
    path: '/affiliate/resend-email-otp',
    tag: TAG,
    summary: 'A new email OTP, not before 30 s after the last; earlier codes stop working.' + COOKIE_NOTE,
    auth: 'public',
    body: ResendEmailOtpRequest,
    answer: { description: RegistrationMessages.emailOtpSent, schema: MessageResponse },
    otherAnswers: {
      400: error(`${RegistrationMessages.registrationNotStarted} / ${Messages.emailChanged}`),
      429: error('Within 30 s of the last code, or over the hourly send caps (Retry-After)'),
    },
  }),
  verifyEmailOtp: defineEndpoint({
    method: 'post',
    path: '/affiliate/verify-email-otp',
    tag: TAG,
    summary: 'Verify the email OTP: single use, 10 minutes, 5 wrong tries end it.' + COOKIE_NOTE,
    auth: 'public',
    body: VerifyEmailOtpRequest,
    answer: { description: Messages.emailVerified, schema: MessageResponse },
    otherAnswers: {
      400: error('Wrong (with tries left), expired or used code'),
      429: error(RegistrationMessages.otpAttemptsExhausted),
    },
  }),
  sendMobileOtp: defineEndpoint({
    method: 'post',
    path: '/affiliate/send-mobile-otp',
    tag: TAG,
    summary: "After the email is verified: an OTP by WhatsApp to the country's code + mobile." + COOKIE_NOTE,
    auth: 'public',
    body: SendMobileOtpRequest,
    answer: { description: RegistrationMessages.mobileOtpSent, schema: MessageResponse },
    otherAnswers: {
      400: error("Country missing, mobile missing or not the country's length, email not verified"),
      429: error('Within 30 s of the last code, or over the hourly send caps (Retry-After)'),
    },
  }),
  resendMobileOtp: defineEndpoint({
    method: 'post',
    path: '/affiliate/resend-mobile-otp',
    tag: TAG,
    summary: 'A new mobile OTP to the number of the last send-mobile-otp, not before 30 s.' + COOKIE_NOTE,
    auth: 'public',
    body: ResendMobileOtpRequest,
    answer: { description: RegistrationMessages.mobileOtpSent, schema: MessageResponse },
    otherAnswers: {
      400: error(RegistrationMessages.otpNotRequested),
      429: error('Within 30 s of the last code, or over the hourly send caps (Retry-After)'),
    },
  }),
  mobileOtpStatus: defineEndpoint({
    method: 'post',
    path: '/affiliate/mobile-otp-status',
    tag: TAG,
    summary:
      'Where the last mobile code went (WhatsApp, or SMS once WhatsApp failed or did not deliver in time) and ' +
      "how far it got, with the sentence the OTP step shows ('We sent the code by SMS to +234*******567.'). " +
      'Read only; the OTP step polls it.' +
      COOKIE_NOTE,
    auth: 'public',
    body: MobileOtpStatusRequest,
    answer: { description: 'The channel, state and sentence', schema: MobileOtpStatusResponse },
    otherAnswers: { 400: error(RegistrationMessages.otpNotRequested) },
  }),
  verifyMobileOtp: defineEndpoint({
    method: 'post',
    path: '/affiliate/verify-mobile-otp',
    tag: TAG,
    summary: 'Verify the mobile OTP for this very country and number.' + COOKIE_NOTE,
    auth: 'public',
    body: VerifyMobileOtpRequest,
    answer: { description: Messages.mobileVerified, schema: MessageResponse },
    otherAnswers: {
      400: error('Wrong (with tries left), expired or used code; number changed'),
      429: error(RegistrationMessages.otpAttemptsExhausted),
    },
  }),
  uploadSelfie: defineEndpoint({
    method: 'post',
    path: '/affiliate/upload-selfie',
    tag: TAG,
    summary:
      `Selfie: multipart, field "${SELFIE_FIELD}", PNG or JPEG by content, at most 5 MB, 64-4096 px.` +
      COOKIE_NOTE,
    auth: 'public',
    multipart: { [SELFIE_FIELD]: 'file' },
    answer: { status: 201, description: RegistrationMessages.selfieUploaded, schema: UploadSelfieResponse },
    otherAnswers: {
      400: error('No file, unreadable image, pixel size out of bounds, email not verified'),
      413: error(RegistrationMessages.selfieTooLarge),
      415: error(RegistrationMessages.selfieWrongType),
      429: error(
        `${RegistrationMessages.selfieUploadLimit} Over ${SELFIE_UPLOAD_LIMITS.perRegistration} uploads in this ` +
          `registration or ${SELFIE_UPLOAD_LIMITS.perIp} an hour from this IP (Retry-After).`,
      ),
    },
  }),
  submitRegistration: defineEndpoint({
    method: 'post',
    path: '/affiliate/submit-registration',
    tag: TAG,
    summary:
      'Register Now: spec §3 payload plus captchaId (solved) and tandc. Creates the affiliate as KYC Pending.' +
      COOKIE_NOTE,
    auth: 'public',
    body: SubmitRegistrationRequest,
    answer: { status: 201, description: RegistrationMessages.registered, schema: MessageResponse },
    otherAnswers: {
      400: error('The first rule broken, in the spec order; email or mobile not verified; Invalid CAPTCHA!'),
      409: error(
        `${RegistrationMessages.emailAlreadyRegistered} / ${RegistrationMessages.registrationAlreadySubmitted}`,
      ),
    },
  }),
  newCaptcha: defineEndpoint({
    method: 'post',
    path: '/captcha',
    tag: TAG,
    summary: 'New captcha challenge: a 150x50 PNG (data URL) of 6 characters. Refresh calls it again.',
    auth: 'public',
    answer: { description: 'The challenge', schema: CaptchaChallengeResponse },
    otherAnswers: { 429: error('Too many challenges from this address') },
  }),
  verifyCaptcha: defineEndpoint({
    method: 'post',
    path: '/captcha/verify',
    tag: TAG,
    summary: 'Answer a challenge, once. A wrong answer ends it: fetch a new one.',
    auth: 'public',
    body: VerifyCaptchaRequest,
    answer: { description: RegistrationMessages.captchaVerified, schema: MessageResponse },
    otherAnswers: { 400: error("'Invalid CAPTCHA!'") },
  }),
};

/** Not in production (the gateway does not mount them there): finish a registration without a mailbox. */
export const DevEndpoints = {
  outbox: defineEndpoint({
    method: 'get',
    path: '/dev/outbox',
    tag: 'Development',
    summary:
      'Not in production. The 20 most recent messages to one recipient (email or +234...), newest first.',
    auth: 'public',
    query: DevOutboxQuery,
    answer: { description: 'Messages', schema: DevOutboxResponse },
  }),
  captchaAnswer: defineEndpoint({
    method: 'get',
    path: '/dev/captcha/:id',
    tag: 'Development',
    summary: 'Not in production. The answer of a captcha challenge.',
    auth: 'public',
    answer: { description: 'The answer', schema: DevCaptchaResponse },
    otherAnswers: { 404: error('No such challenge') },
  }),
};
