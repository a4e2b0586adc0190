import {
  CaptchaChallengeResponse,
  MessageResponse,
  RegisterOptionsResponse,
  SELFIE_FIELD,
  UploadSelfieResponse,
} from '@portal/contracts';
import type {
  SendEmailOtpRequest,
  SendMobileOtpRequest,
  SubmitRegistrationRequest,
  VerifyCaptchaRequest,
  VerifyEmailOtpRequest,
  VerifyMobileOtpRequest,
} from '@portal/contracts';
import { getJson, postJson } from '@portal/shared-ui';

/**
 * The calls of the registration screen (spec §7, plus the captcha calls). The registration is bound to the
 * browser by an HttpOnly cookie that send-email-otp sets; same-origin requests carry it.
 * Failures reject after the HTTP client has shown the server's message (spec §8).
 */
export const registrationApi = {
  options: () => getJson('/master/affiliate-register-options', RegisterOptionsResponse),
  sendEmailOtp: (body: SendEmailOtpRequest) => postJson('/affiliate/send-email-otp', body, MessageResponse),
  resendEmailOtp: (body: SendEmailOtpRequest) =>
    postJson('/affiliate/resend-email-otp', body, MessageResponse),
  verifyEmailOtp: (body: VerifyEmailOtpRequest) =>
    postJson('/affiliate/verify-email-otp', body, MessageResponse),
  sendMobileOtp: (body: SendMobileOtpRequest) =>
    postJson('/affiliate/send-mobile-otp', body, MessageResponse),
  resendMobileOtp: (body: SendEmailOtpRequest) =>
    postJson('/affiliate/resend-mobile-otp', body, MessageResponse),
  verifyMobileOtp: (body: VerifyMobileOtpRequest) =>
    postJson('/affiliate/verify-mobile-otp', body, MessageResponse),
  uploadSelfie: (file: File) => {
    const form = new FormData();
    form.append(SELFIE_FIELD, file);
    return postJson('/affiliate/upload-selfie', form, UploadSelfieResponse);
  },
  submitRegistration: (body: SubmitRegistrationRequest) =>
    postJson('/affiliate/submit-registration', body, MessageResponse),
  newCaptcha: () => postJson('/captcha', {}, CaptchaChallengeResponse),
  verifyCaptcha: (body: VerifyCaptchaRequest) => postJson('/captcha/verify', body, MessageResponse),
};

export type RegistrationApi = typeof registrationApi;
