import {
  ErrorResponse,
  Messages,
  MessageResponse,
  RegistrationMessages,
  ResendEmailOtpRequest,
  ResendMobileOtpRequest,
  SELFIE_FIELD,
  SendEmailOtpRequest,
  SendMobileOtpRequest,
  SubmitRegistrationRequest,
  UploadSelfieResponse,
  VerifyEmailOtpRequest,
  VerifyMobileOtpRequest,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { registerCaptchaRoutes } from '../captcha/routes';
import {
  resendEmailOtp,
  resendMobileOtp,
  sendEmailOtp,
  sendMobileOtp,
  verifyEmailOtp,
  verifyMobileOtp,
} from './otp-steps';
import { parseSelfieForm, requireSelfieRegistration, storeSelfie } from './selfie-upload';
import { submitRegistration } from './submit-registration';

const TAG = 'Registration';
const message = (description: string) => ({ description, schema: MessageResponse });
const error = (description: string) => ({ description, schema: ErrorResponse });
const COOKIE_NOTE = ' Needs the registration cookie set by send-email-otp.';

/** Affiliate self-registration, spec §4 and §7; the captcha calls it uses live in ../captcha. */
export function registerRegistrationRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(
    {
      method: 'post',
      path: '/affiliate/send-email-otp',
      tag: TAG,
      summary: 'Start (or restart) a registration: a 6-digit OTP to the email. Sets the registration cookie.',
      auth: 'public',
      body: SendEmailOtpRequest,
      responses: {
        200: message(RegistrationMessages.emailOtpSent),
        400: error('Email missing or not valid'),
        409: error(RegistrationMessages.emailAlreadyRegistered),
        429: error('Within 30 s of the last code, or over the hourly send caps (Retry-After)'),
      },
    },
    ({ body }, req, res) => sendEmailOtp(ctx, req, res, body),
  );

  api.route(
    {
      method: 'post',
      path: '/affiliate/resend-email-otp',
      tag: TAG,
      summary: 'A new email OTP, not before 30 s after the last; earlier codes stop working.' + COOKIE_NOTE,
      auth: 'public',
      body: ResendEmailOtpRequest,
      responses: {
        200: message(RegistrationMessages.emailOtpSent),
        400: error(`${RegistrationMessages.registrationNotStarted} / ${Messages.emailChanged}`),
        429: error('Within 30 s of the last code, or over the hourly send caps (Retry-After)'),
      },
    },
    ({ body }, req) => resendEmailOtp(ctx, req, body),
  );

  api.route(
    {
      method: 'post',
      path: '/affiliate/verify-email-otp',
      tag: TAG,
      summary: 'Verify the email OTP: single use, 10 minutes, 5 wrong tries end it.' + COOKIE_NOTE,
      auth: 'public',
      body: VerifyEmailOtpRequest,
      responses: {
        200: message(Messages.emailVerified),
        400: error('Wrong (with tries left), expired or used code'),
        429: error(RegistrationMessages.otpAttemptsExhausted),
      },
    },
    ({ body }, req) => verifyEmailOtp(ctx, req, body),
  );

  api.route(
    {
      method: 'post',
      path: '/affiliate/send-mobile-otp',
      tag: TAG,
      summary:
        "After the email is verified: an OTP by WhatsApp to the country's code + mobile." + COOKIE_NOTE,
      auth: 'public',
      body: SendMobileOtpRequest,
      responses: {
        200: message(RegistrationMessages.mobileOtpSent),
        400: error("Country missing, mobile missing or not the country's length, email not verified"),
        429: error('Within 30 s of the last code, or over the hourly send caps (Retry-After)'),
      },
    },
    ({ body }, req) => sendMobileOtp(ctx, req, body),
  );

  api.route(
    {
      method: 'post',
      path: '/affiliate/resend-mobile-otp',
      tag: TAG,
      summary: 'A new mobile OTP to the number of the last send-mobile-otp, not before 30 s.' + COOKIE_NOTE,
      auth: 'public',
      body: ResendMobileOtpRequest,
      responses: {
        200: message(RegistrationMessages.mobileOtpSent),
        400: error(RegistrationMessages.otpNotRequested),
        429: error('Within 30 s of the last code, or over the hourly send caps (Retry-After)'),
      },
    },
    ({ body }, req) => resendMobileOtp(ctx, req, body),
  );

  api.route(
    {
      method: 'post',
      path: '/affiliate/verify-mobile-otp',
      tag: TAG,
      summary: 'Verify the mobile OTP for this very country and number.' + COOKIE_NOTE,
      auth: 'public',
      body: VerifyMobileOtpRequest,
      responses: {
        200: message(Messages.mobileVerified),
        400: error('Wrong (with tries left), expired or used code; number changed'),
        429: error(RegistrationMessages.otpAttemptsExhausted),
      },
    },
    ({ body }, req) => verifyMobileOtp(ctx, req, body),
  );

  api.route(
    {
      method: 'post',
      path: '/affiliate/upload-selfie',
      tag: TAG,
      summary:
        `Selfie: multipart, field "${SELFIE_FIELD}", PNG or JPEG by content, at most 5 MB, 64-4096 px.` +
        COOKIE_NOTE,
      auth: 'public',
      multipart: { [SELFIE_FIELD]: 'file' },
      before: [requireSelfieRegistration(ctx), ...parseSelfieForm],
      responses: {
        201: { description: RegistrationMessages.selfieUploaded, schema: UploadSelfieResponse },
        400: error('No file, unreadable image, pixel size out of bounds, email not verified'),
        413: error(RegistrationMessages.selfieTooLarge),
        415: error(RegistrationMessages.selfieWrongType),
      },
    },
    (_input, req, res) => storeSelfie(ctx, req, res),
  );

  api.route(
    {
      method: 'post',
      path: '/affiliate/submit-registration',
      tag: TAG,
      summary:
        'Register Now: spec §3 payload plus captchaId (solved) and tandc. Creates the affiliate as KYC Pending.' +
        COOKIE_NOTE,
      auth: 'public',
      body: SubmitRegistrationRequest,
      responses: {
        201: message(RegistrationMessages.registered),
        400: error(
          'The first rule broken, in the spec order; email or mobile not verified; Invalid CAPTCHA!',
        ),
        409: error(
          `${RegistrationMessages.emailAlreadyRegistered} / ${RegistrationMessages.registrationAlreadySubmitted}`,
        ),
      },
    },
    ({ body }, req, res) => submitRegistration(ctx, req, res, body),
  );

  registerCaptchaRoutes(api, ctx);
}
