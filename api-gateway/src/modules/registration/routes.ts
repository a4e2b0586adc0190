import { BankVerificationEndpoints, RegistrationEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import {
  mobileOtpStatus,
  resendEmailOtp,
  resendMobileOtp,
  sendEmailOtp,
  sendMobileOtp,
  verifyEmailOtp,
  verifyMobileOtp,
} from './otp-steps';
import { resolveRegistrationAccountName } from './resolve-account';
import { parseSelfieForm, requireSelfieRegistration, storeSelfie } from './selfie-upload';
import { submitRegistration } from './submit-registration';

/** Affiliate self-registration, spec §4 and §7; the captcha it uses is its own module (app.ts wires both). */
export function registerRegistrationRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(RegistrationEndpoints.sendEmailOtp, ({ body }, req, res) => sendEmailOtp(ctx, req, res, body));

  api.route(RegistrationEndpoints.resendEmailOtp, ({ body }, req) => resendEmailOtp(ctx, req, body));

  api.route(RegistrationEndpoints.verifyEmailOtp, ({ body }, req) => verifyEmailOtp(ctx, req, body));

  api.route(RegistrationEndpoints.sendMobileOtp, ({ body }, req) => sendMobileOtp(ctx, req, body));

  api.route(RegistrationEndpoints.resendMobileOtp, ({ body }, req) => resendMobileOtp(ctx, req, body));

  api.route(RegistrationEndpoints.mobileOtpStatus, ({ body }, req) => mobileOtpStatus(ctx, req, body));

  api.route(RegistrationEndpoints.verifyMobileOtp, ({ body }, req) => verifyMobileOtp(ctx, req, body));

  api.route(RegistrationEndpoints.uploadSelfie, (_input, req, res) => storeSelfie(ctx, req, res), {
    before: [requireSelfieRegistration(ctx), ...parseSelfieForm],
  });

  api.route(BankVerificationEndpoints.resolveAccountName, ({ body }, req) =>
    resolveRegistrationAccountName(ctx, req, body),
  );

  api.route(RegistrationEndpoints.submitRegistration, ({ body }, req, res) =>
    submitRegistration(ctx, req, res, body),
  );
}
