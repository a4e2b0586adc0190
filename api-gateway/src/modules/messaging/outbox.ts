import type { Sql } from '../../db/database';

export type MessageChannel = 'email' | 'whatsapp' | 'sms';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address, or a WhatsApp number in international form (+2348012345678). */
  recipient: string;
  subject?: string;
  body: string;
  /**
   * A registration code: its body is never shown to staff, template providers send `code`, and with
   * `fallbackDueAt` set it goes once by SMS if WhatsApp has not delivered it by then (or fails).
   */
  otp?: { code: string; challengeId: string; fallbackDueAt?: Date };
}

/**
 * Every email and WhatsApp message is written to the outbox first, inside the caller's transaction, so a
 * message exists exactly when the change that caused it was committed. Delivery happens afterwards.
 */
export async function enqueueMessage(sql: Sql, message: OutgoingMessage): Promise<number> {
  const { rows } = await sql.query<{ message_id: string | number }>(
    `INSERT INTO outbox (channel, recipient, subject, body, purpose, otp_code, otp_challenge_id, fallback_due_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING message_id`,
    [
      message.channel,
      message.recipient,
      message.subject ?? null,
      message.body,
      message.otp ? 'otp' : null,
      message.otp?.code ?? null,
      message.otp?.challengeId ?? null,
      message.otp?.fallbackDueAt ?? null,
    ],
  );
  return Number(rows[0].message_id);
}
