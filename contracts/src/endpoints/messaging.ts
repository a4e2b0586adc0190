import type { Right } from '../rights';
import { ErrorResponse, MessageResponse } from '../api/common';
import {
  AdminOutboxPage,
  AdminOutboxQuery,
  OutboxMessages,
  TermiiDeliveryReport,
  WhatsAppNotification,
  WhatsAppVerifyQuery,
} from '../api/messaging';
import { defineEndpoint } from '../endpoint';

/**
 * The outbox view is an admin's (like the API keys: the portal's own plumbing): the Manage Users right, which
 * only admins hold. No new right, so no migration of role_rights (docs/decisions.md, "Message outbox view: admin only, no bodies").
 */
export const OUTBOX_ADMIN_RIGHTS: readonly Right[] = ['manage_users'];

export const OutboxAdminEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/admin/outbox',
    tag: 'Messaging',
    summary:
      'The outbox, newest first, one page { results, totalCount, pageNo, pageSize } (pageSize default 20, at ' +
      'most 100); filters: recipient (part of the address or number), channel, status. Each message: channel, ' +
      'provider, status, delivery status (receipts), attempts, last error, times. Never a body.',
    auth: { anyRight: OUTBOX_ADMIN_RIGHTS },
    query: AdminOutboxQuery,
    answer: { description: 'One page', schema: AdminOutboxPage },
  }),
};

export const WebhookEndpoints = {
  whatsappVerify: defineEndpoint({
    method: 'get',
    path: '/webhooks/whatsapp',
    tag: 'Webhooks',
    summary:
      "Meta's webhook verification: with hub.mode=subscribe and hub.verify_token equal to " +
      'WHATSAPP_WEBHOOK_VERIFY_TOKEN, answers hub.challenge as text; otherwise 403.',
    auth: 'public',
    query: WhatsAppVerifyQuery,
    answer: { description: 'hub.challenge, as text/plain', contentType: 'text/plain' },
    otherAnswers: { 403: { description: OutboxMessages.webhookVerifyRefused, schema: ErrorResponse } },
  }),
  whatsappNotify: defineEndpoint({
    method: 'post',
    path: '/webhooks/whatsapp',
    tag: 'Webhooks',
    summary:
      "Meta's message status notifications (sent, delivered, read, failed) for messages we sent. Accepted only " +
      "with X-Hub-Signature-256 = 'sha256=' + HMAC-SHA256(raw body, WHATSAPP_APP_SECRET); a status only moves " +
      'forward, so repeated and reordered notifications change nothing twice.',
    auth: 'public',
    body: WhatsAppNotification,
    answer: { description: OutboxMessages.webhookReceived, schema: MessageResponse },
    otherAnswers: {
      400: { description: OutboxMessages.webhookBadBody, schema: ErrorResponse },
      401: { description: 'Missing or wrong signature; nothing changed', schema: ErrorResponse },
      413: { description: 'Body over 256 KB', schema: ErrorResponse },
    },
  }),
  termiiNotify: defineEndpoint({
    method: 'post',
    path: '/webhooks/termii',
    tag: 'Webhooks',
    summary:
      "Termii's delivery reports for the SMS we sent (Message Sent, Delivered, Message Failed, DND Active, ...). " +
      'Accepted only with X-Termii-Signature = hex HMAC-SHA512(raw body, TERMII_SECRET_KEY); a status only moves ' +
      'forward, and a report that comes before the message id is stored waits for it.',
    auth: 'public',
    body: TermiiDeliveryReport,
    answer: { description: OutboxMessages.webhookReceived, schema: MessageResponse },
    otherAnswers: {
      400: { description: OutboxMessages.webhookBadBody, schema: ErrorResponse },
      401: { description: 'Missing or wrong signature; nothing changed', schema: ErrorResponse },
      413: { description: 'Body over 256 KB', schema: ErrorResponse },
    },
  }),
};
