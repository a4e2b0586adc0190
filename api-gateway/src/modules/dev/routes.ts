import type { OutboxMessage } from '@portal/contracts';
import { DevCaptchaResponse, DevOutboxQuery, DevOutboxResponse, ErrorResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { notFound } from '../../http/errors';
import { devCaptchaAnswer } from '../captcha/captcha-service';

const RECENT_MESSAGES = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface OutboxRow {
  message_id: string | number;
  channel: OutboxMessage['channel'];
  recipient: string;
  subject: string | null;
  body: string;
  status: OutboxMessage['status'];
  created_at: Date;
}

/**
 * Helpers for browser tests and local use, so a registration can be finished without a mailbox or a phone.
 * app.ts registers them only outside production; in production these paths do not exist (404).
 */
export function registerDevRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/dev/outbox',
      tag: 'Development',
      summary:
        'Not in production. The 20 most recent messages to one recipient (email or +234...), newest first.',
      auth: 'public',
      query: DevOutboxQuery,
      responses: { 200: { description: 'Messages', schema: DevOutboxResponse } },
    },
    async ({ query }) => {
      const { rows } = await ctx.db.query<OutboxRow>(
        `SELECT message_id, channel, recipient, subject, body, status, created_at FROM outbox
          WHERE lower(recipient) = lower($1) ORDER BY created_at DESC, message_id DESC LIMIT $2`,
        [query.to, RECENT_MESSAGES],
      );
      return {
        messages: rows.map((row) => ({
          messageId: Number(row.message_id),
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
          status: row.status,
          createdAt: new Date(row.created_at).toISOString(),
        })),
      };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/dev/captcha/:id',
      tag: 'Development',
      summary: 'Not in production. The answer of a captcha challenge.',
      auth: 'public',
      responses: {
        200: { description: 'The answer', schema: DevCaptchaResponse },
        404: { description: 'No such challenge', schema: ErrorResponse },
      },
    },
    async ({ params }) => {
      const answer = UUID.test(params.id) ? await devCaptchaAnswer(ctx, params.id.toLowerCase()) : undefined;
      if (!answer) throw notFound('No such captcha challenge.');
      return { captchaId: params.id.toLowerCase(), answer };
    },
  );
}
