import type { OutboxMessage } from '@portal/contracts';
import type { Sql } from '../../db/database';

const RECENT_MESSAGES = 20;

/** The most recent messages to one recipient (email or +234...), newest first. */
export async function recentOutbox(sql: Sql, recipient: string): Promise<OutboxMessage[]> {
  const { rows } = await sql.query<Omit<OutboxMessage, 'createdAt'> & { createdAt: Date }>(
    `SELECT message_id AS "messageId", channel, recipient, subject, body, status, created_at AS "createdAt"
       FROM outbox WHERE lower(recipient) = lower($1) ORDER BY created_at DESC, message_id DESC LIMIT $2`,
    [recipient, RECENT_MESSAGES],
  );
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
