import { OutboxAdminEndpoints, WebhookEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { outboxPage } from './outbox-admin';
import { answerVerification, readRawWebhookBody, receiveNotification } from './whatsapp-webhook';

/** Issue 27: the admin's outbox view and the WhatsApp status webhook. */
export function registerMessagingRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(OutboxAdminEndpoints.list, ({ query }) => outboxPage(ctx, query));
  api.route(WebhookEndpoints.whatsappVerify, ({ query }, _req, res) => {
    answerVerification(ctx, query, res);
  });
  api.route(WebhookEndpoints.whatsappNotify, (_input, req, res) => receiveNotification(ctx, req, res), {
    before: readRawWebhookBody,
  });
}
