import { RegistrationStartEndpoints, SELFIE_FIELD } from '@portal/contracts/registration-start';
import type {
  ResolveAccountNameRequest,
  SendEmailOtpRequest,
  SendMobileOtpRequest,
  SubmitRegistrationRequest,
  VerifyCaptchaRequest,
  VerifyEmailOtpRequest,
  VerifyMobileOtpRequest,
} from '@portal/contracts/registration';
import type * as RegistrationCalls from '@portal/contracts/registration';
import { callEndpoint } from '@portal/shared-ui';

let registrationCalls: Promise<typeof RegistrationCalls> | undefined;

/**
 * The calls made after a visitor starts typing, with their zod schemas: loaded once, by the first of them or
 * by `preloadRegistrationCalls` on the form's first focus, so zod is not evaluated while the page loads on a
 * phone (issue 26). A failed load (network) is tried again by the next call.
 */
function calls() {
  registrationCalls ??= import('@portal/contracts/registration').catch((error: unknown) => {
    registrationCalls = undefined;
    throw error;
  });
  return registrationCalls;
}

/** Starts loading the calls' schemas, so the first Send OTP does not wait for them. */
export function preloadRegistrationCalls(): void {
  calls().catch(() => undefined);
}

/**
 * The calls of the registration screen (spec §7, plus the captcha calls). The registration is bound to the
 * browser by an HttpOnly cookie that send-email-otp sets; same-origin requests carry it.
 * Failures reject after the HTTP client has shown the server's message (spec §8).
 */
export const registrationApi = {
  /** On load, zod-free: the countries and banks. */
  options: () => callEndpoint(RegistrationStartEndpoints.registerOptions),
  sendEmailOtp: async (body: SendEmailOtpRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.sendEmailOtp, { body }),
  resendEmailOtp: async (body: SendEmailOtpRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.resendEmailOtp, { body }),
  verifyEmailOtp: async (body: VerifyEmailOtpRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.verifyEmailOtp, { body }),
  sendMobileOtp: async (body: SendMobileOtpRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.sendMobileOtp, { body }),
  resendMobileOtp: async (body: SendEmailOtpRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.resendMobileOtp, { body }),
  verifyMobileOtp: async (body: VerifyMobileOtpRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.verifyMobileOtp, { body }),
  /** Where the mobile code went (polled by the OTP step; quiet: its failures show nothing). */
  mobileOtpStatus: async (body: SendEmailOtpRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.mobileOtpStatus, { body }, { quiet: true }),
  uploadSelfie: async (file: File) => {
    const form = new FormData();
    form.append(SELFIE_FIELD, file);
    return callEndpoint((await calls()).RegistrationEndpoints.uploadSelfie, { body: form });
  },
  /** Quiet: the form shows the outcome under the account number, never a toast (issue 27). */
  resolveAccountName: async (body: ResolveAccountNameRequest) =>
    callEndpoint((await calls()).BankVerificationEndpoints.resolveAccountName, { body }, { quiet: true }),
  submitRegistration: async (body: SubmitRegistrationRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.submitRegistration, { body }),
  newCaptcha: async () => callEndpoint((await calls()).RegistrationEndpoints.newCaptcha),
  verifyCaptcha: async (body: VerifyCaptchaRequest) =>
    callEndpoint((await calls()).RegistrationEndpoints.verifyCaptcha, { body }),
};

export type RegistrationApi = typeof registrationApi;
