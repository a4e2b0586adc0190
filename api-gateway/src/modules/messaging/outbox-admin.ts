import type { AdminOutboxMessage, AdminOutboxPage, AdminOutboxQuery } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';

type Query = z.output<typeof AdminOutboxQuery>;
const DEFAULT_PAGE_SIZE = 20;

interface Row {
  message_id: string | number;
  channel: AdminOutboxMessage['channel'];
  recipient: string;
  subject: string | null;
  purpose: 'otp' | null;
  status: AdminOutboxMessage['status'];
  delivery_status: AdminOutboxMessage['deliveryStatus'];
  attempts: number;
  last_error: string | null;
  provider: string | null;
  provider_message_id: string | null;
  fallback_of: string | number | null;
  created_at: Date;
  last_attempt_at: Date | null;
  sent_at: Date | null;
  delivery_status_at: Date | null;
  total: string | number;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** One page of the outbox for an admin: every column but the body, which may hold a code or a password. */
export async function outboxPage(ctx: AppContext, query: Query): Promise<AdminOutboxPage> {
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const { rows } = await ctx.db.query<Row>(
    `SELECT message_id, channel, recipient, subject, purpose, status, delivery_status, attempts, last_error,
            provider, provider_message_id, fallback_of, created_at, last_attempt_at, sent_at, delivery_status_at,
            count(*) OVER () AS total
       FROM outbox
      WHERE ($1::text IS NULL OR position(lower($1::text) IN lower(recipient)) > 0)
        AND ($2::text IS NULL OR channel = $2::text)
        AND ($3::text IS NULL OR status = $3::text)
      ORDER BY created_at DESC, message_id DESC
      LIMIT $4 OFFSET $5`,
    [
      query.recipient ? query.recipient : null,
      query.channel ?? null,
      query.status ?? null,
      pageSize,
      (pageNo - 1) * pageSize,
    ],
  );
  let totalCount = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && pageNo > 1) {
    const { rows: count } = await ctx.db.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM outbox
        WHERE ($1::text IS NULL OR position(lower($1::text) IN lower(recipient)) > 0)
          AND ($2::text IS NULL OR channel = $2::text) AND ($3::text IS NULL OR status = $3::text)`,
      [query.recipient ? query.recipient : null, query.channel ?? null, query.status ?? null],
    );
    totalCount = Number(count[0]?.total ?? 0);
  }
  return {
    results: rows.map((row) => ({
      messageID: Number(row.message_id),
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      purpose: row.purpose,
      status: row.status,
      deliveryStatus: row.delivery_status,
      attempts: row.attempts,
      lastError: row.last_error,
      provider: row.provider,
      providerMessageID: row.provider_message_id,
      fallbackOf: row.fallback_of === null ? null : Number(row.fallback_of),
      createdAt: new Date(row.created_at).toISOString(),
      lastAttemptAt: iso(row.last_attempt_at),
      sentAt: iso(row.sent_at),
      deliveryStatusAt: iso(row.delivery_status_at),
    })),
    totalCount,
    pageNo,
    pageSize,
  };
}
