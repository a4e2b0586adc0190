import {
  CaptchaChallengeResponse,
  ErrorResponse,
  MessageResponse,
  RegistrationMessages,
  VerifyCaptchaRequest,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { issueCaptcha, verifyCaptcha } from './captcha-service';

export function registerCaptchaRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(
    {
      method: 'post',
      path: '/captcha',
      tag: 'Registration',
      summary: 'New captcha challenge: a 150x50 PNG (data URL) of 6 characters. Refresh calls it again.',
      auth: 'public',
      responses: {
        200: { description: 'The challenge', schema: CaptchaChallengeResponse },
        429: { description: 'Too many challenges from this address', schema: ErrorResponse },
      },
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'no-store');
      return issueCaptcha(ctx, req.ip);
    },
  );

  api.route(
    {
      method: 'post',
      path: '/captcha/verify',
      tag: 'Registration',
      summary: 'Answer a challenge, once. A wrong answer ends it: fetch a new one.',
      auth: 'public',
      body: VerifyCaptchaRequest,
      responses: {
        200: { description: RegistrationMessages.captchaVerified, schema: MessageResponse },
        400: { description: "'Invalid CAPTCHA!'", schema: ErrorResponse },
      },
    },
    async ({ body }) => {
      await verifyCaptcha(ctx, body.captchaId, body.answer);
      return { message: RegistrationMessages.captchaVerified };
    },
  );
}
