import type { Sql } from '../../db/database';

export type MessageChannel = 'email' | 'whatsapp';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address, or a WhatsApp number in international form (+2348012345678). */
  recipient: string;
  subject?: string;
  body: string;
}

/**
 * Every email and WhatsApp message is written to the outbox first, inside the caller's transaction, so a
 * message exists exactly when the change that caused it was committed. Delivery happens afterwards.
 */
export async function enqueueMessage(sql: Sql, message: OutgoingMessage): Promise<number> {
  const { rows } = await sql.query<{ message_id: string | number }>(
    `INSERT INTO outbox (channel, recipient, subject, body) VALUES ($1, $2, $3, $4) RETURNING message_id`,
    [message.channel, message.recipient, message.subject ?? null, message.body],
  );
  return Number(rows[0].message_id);
}
