import type { OutboxMessage } from '@portal/contracts';
import type { Sql } from '../../db/database';

const RECENT_MESSAGES = 20;

interface OutboxRow {
  message_id: string | number;
  channel: OutboxMessage['channel'];
  recipient: string;
  subject: string | null;
  body: string;
  status: OutboxMessage['status'];
  created_at: Date;
}

/** The most recent messages to one recipient (email or +234...), newest first. */
export async function recentOutbox(sql: Sql, recipient: string): Promise<OutboxMessage[]> {
  const { rows } = await sql.query<OutboxRow>(
    `SELECT message_id, channel, recipient, subject, body, status, created_at FROM outbox
      WHERE lower(recipient) = lower($1) ORDER BY created_at DESC, message_id DESC LIMIT $2`,
    [recipient, RECENT_MESSAGES],
  );
  return rows.map((row) => ({
    messageId: Number(row.message_id),
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
