import { DevEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { notFound } from '../../http/errors';
import { recentOutbox } from './outbox-queries';
import { devCaptchaAnswer } from '../captcha';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Helpers for browser tests and local use, so a registration can be finished without a mailbox or a phone.
 * app.ts registers them only outside production; in production these paths do not exist (404).
 */
export function registerDevRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(DevEndpoints.outbox, async ({ query }) => ({ messages: await recentOutbox(ctx.db, query.to) }));

  api.route(DevEndpoints.captchaAnswer, async ({ params }) => {
    const answer = UUID.test(params.id) ? await devCaptchaAnswer(ctx, params.id.toLowerCase()) : undefined;
    if (!answer) throw notFound('No such captcha challenge.');
    return { captchaId: params.id.toLowerCase(), answer };
  });
}
