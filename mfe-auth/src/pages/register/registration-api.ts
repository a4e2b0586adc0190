import {
  BankVerificationEndpoints,
  MasterEndpoints,
  RegistrationEndpoints,
  SELFIE_FIELD,
} from '@portal/contracts/registration';
import type {
  ResolveAccountNameRequest,
  SendEmailOtpRequest,
  SendMobileOtpRequest,
  SubmitRegistrationRequest,
  VerifyCaptchaRequest,
  VerifyEmailOtpRequest,
  VerifyMobileOtpRequest,
} from '@portal/contracts/registration';
import { callEndpoint } from '@portal/shared-ui';

/**
 * The calls of the registration screen (spec §7, plus the captcha calls). The registration is bound to the
 * browser by an HttpOnly cookie that send-email-otp sets; same-origin requests carry it.
 * Failures reject after the HTTP client has shown the server's message (spec §8).
 */
export const registrationApi = {
  options: () => callEndpoint(MasterEndpoints.registerOptions),
  sendEmailOtp: (body: SendEmailOtpRequest) => callEndpoint(RegistrationEndpoints.sendEmailOtp, { body }),
  resendEmailOtp: (body: SendEmailOtpRequest) => callEndpoint(RegistrationEndpoints.resendEmailOtp, { body }),
  verifyEmailOtp: (body: VerifyEmailOtpRequest) =>
    callEndpoint(RegistrationEndpoints.verifyEmailOtp, { body }),
  sendMobileOtp: (body: SendMobileOtpRequest) => callEndpoint(RegistrationEndpoints.sendMobileOtp, { body }),
  resendMobileOtp: (body: SendEmailOtpRequest) =>
    callEndpoint(RegistrationEndpoints.resendMobileOtp, { body }),
  verifyMobileOtp: (body: VerifyMobileOtpRequest) =>
    callEndpoint(RegistrationEndpoints.verifyMobileOtp, { body }),
  /** Where the mobile code went (polled by the OTP step; quiet: its failures show nothing). */
  mobileOtpStatus: (body: SendEmailOtpRequest) =>
    callEndpoint(RegistrationEndpoints.mobileOtpStatus, { body }, { quiet: true }),
  uploadSelfie: (file: File) => {
    const form = new FormData();
    form.append(SELFIE_FIELD, file);
    return callEndpoint(RegistrationEndpoints.uploadSelfie, { body: form });
  },
  /** Quiet: the form shows the outcome under the account number, never a toast (issue 27). */
  resolveAccountName: (body: ResolveAccountNameRequest) =>
    callEndpoint(BankVerificationEndpoints.resolveAccountName, { body }, { quiet: true }),
  submitRegistration: (body: SubmitRegistrationRequest) =>
    callEndpoint(RegistrationEndpoints.submitRegistration, { body }),
  newCaptcha: () => callEndpoint(RegistrationEndpoints.newCaptcha),
  verifyCaptcha: (body: VerifyCaptchaRequest) => callEndpoint(RegistrationEndpoints.verifyCaptcha, { body }),
};

export type RegistrationApi = typeof registrationApi;
