import { OutboxAdminEndpoints, WebhookEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { outboxPage } from './outbox-admin';
import { readRawWebhookBody } from '../../http/raw-body';
import { answerVerification, receiveNotification } from './whatsapp-webhook';
import { receiveTermiiReport } from './termii-webhook';

/** Issue 27: the admin's outbox view, the WhatsApp status webhook and Termii's delivery reports. */
export function registerMessagingRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(OutboxAdminEndpoints.list, ({ query }) => outboxPage(ctx, query));
  api.route(WebhookEndpoints.whatsappVerify, ({ query }, _req, res) => {
    answerVerification(ctx, query, res);
  });
  api.route(WebhookEndpoints.whatsappNotify, (_input, req, res) => receiveNotification(ctx, req, res), {
    before: readRawWebhookBody,
  });
  api.route(WebhookEndpoints.termiiNotify, (_input, req, res) => receiveTermiiReport(ctx, req, res), {
    before: readRawWebhookBody,
  });
}
