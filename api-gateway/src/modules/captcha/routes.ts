import { RegistrationEndpoints, RegistrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { issueCaptcha, verifyCaptcha } from './captcha-service';

export function registerCaptchaRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(RegistrationEndpoints.newCaptcha, async (_input, req, res) => {
    res.set('Cache-Control', 'no-store');
    return issueCaptcha(ctx, req.ip);
  });

  api.route(RegistrationEndpoints.verifyCaptcha, async ({ body }) => {
    await verifyCaptcha(ctx, body.captchaId, body.answer);
    return { message: RegistrationMessages.captchaVerified };
  });
}
