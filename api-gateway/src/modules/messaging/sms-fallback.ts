import type { AppContext } from '../../context';

/** At most this many fallbacks per statement; the worker's next pass takes the rest. */
const FALLBACK_BATCH = 50;

/**
 * The SMS fallback (issue 27): an OTP WhatsApp message whose fallback is due (SMS_FALLBACK_SECONDS after it was
 * queued and not delivered or read by then), or that failed (the provider refused it, it ran out of retries, or a
 * receipt said failed), gets ONE SMS with the same text and code, while its challenge is still the live one
 * (not verified, not ended by a resend, not expired). "One" is the database's: the SMS row's fallback_of is
 * UNIQUE and the insert does nothing on conflict, so two workers, or a worker and a webhook, cannot both add it.
 * A WhatsApp message still waiting for a retry is not sent any more: the code went by SMS.
 * Returns how many SMS were queued.
 */
export async function queueSmsFallbacks(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  // Codes that can no longer be used need no fallback.
  await ctx.db.query(
    `UPDATE outbox o SET fallback_due_at = NULL
      WHERE o.fallback_due_at IS NOT NULL
        AND (o.otp_challenge_id IS NULL OR EXISTS (
              SELECT 1 FROM otp_challenges c WHERE c.challenge_id = o.otp_challenge_id
                 AND (c.ended_at IS NOT NULL OR c.verified_at IS NOT NULL OR c.expires_at <= $1)))`,
    [now],
  );
  const { rows } = await ctx.db.query<{ fallback_of: string | number }>(
    `WITH due AS (
       SELECT o.message_id, o.recipient, o.body, o.otp_code, o.otp_challenge_id
         FROM outbox o
        WHERE o.fallback_due_at IS NOT NULL
          AND o.channel = 'whatsapp'
          AND (o.fallback_due_at <= $1 OR o.status = 'failed' OR o.delivery_status = 'failed')
          AND o.delivery_status IS DISTINCT FROM 'delivered' AND o.delivery_status IS DISTINCT FROM 'read'
        ORDER BY o.fallback_due_at, o.message_id
        LIMIT $2
        FOR UPDATE SKIP LOCKED
     ), done AS (
       UPDATE outbox SET fallback_due_at = NULL,
              last_error = CASE WHEN status = 'pending' THEN 'Not sent: the code went by SMS instead' ELSE last_error END,
              status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END
        WHERE message_id IN (SELECT message_id FROM due)
     )
     INSERT INTO outbox (channel, recipient, subject, body, purpose, otp_code, otp_challenge_id, fallback_of,
                         next_attempt_at)
     SELECT 'sms', recipient, NULL, body, 'otp', otp_code, otp_challenge_id, message_id, $1 FROM due
     ON CONFLICT (fallback_of) DO NOTHING
     RETURNING fallback_of`,
    [now, FALLBACK_BATCH],
  );
  if (rows.length > 0) {
    ctx.logger.info(
      { fallbacks: rows.map((row) => Number(row.fallback_of)) },
      'OTP sent by SMS instead of WhatsApp',
    );
  }
  return rows.length;
}
