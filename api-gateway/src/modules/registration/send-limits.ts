import { OTP_RESEND_SECONDS, RegistrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { tooMany } from '../../http/errors';

/**
 * OTP sends within a rolling hour: per destination (an inbox or a phone), per registration email (both
 * channels) and per client IP. Together with the 30 s gap they bound what anyone can make us send to a
 * stranger, and how many fresh 5-try challenges a brute force can get.
 */
export const OTP_SEND_LIMITS = { perDestination: 6, perEmail: 12, perIp: 30, windowMinutes: 60 } as const;

export interface OtpSend {
  registrationId: string;
  channel: 'email' | 'mobile';
  destination: string;
  email: string;
  ip: string | undefined;
}

/**
 * Checks the 30 s gap and the caps, and counts this send, as one step: `tx` must be a transaction, which
 * holds a lock per destination, per registration email and per IP (always in that order, so two sends never
 * wait on each other in a cycle) until it commits. Sends racing through several gateways are therefore
 * counted one after the other, and each sees the sends committed before it.
 */
export async function claimOtpSend(ctx: AppContext, tx: Sql, send: OtpSend): Promise<void> {
  for (const key of [
    `destination:${send.destination.toLowerCase()}`,
    `email:${send.email.toLowerCase()}`,
    `ip:${send.ip ?? ''}`,
  ]) {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`otp-send:${key}`]);
  }
  await assertMaySendOtp(ctx, tx, send);
  await tx.query(
    `INSERT INTO otp_sends (channel, destination, email, ip, sent_at) VALUES ($1, $2, $3, $4, $5)`,
    [send.channel, send.destination, send.email, send.ip ?? null, ctx.now()],
  );
}

async function assertMaySendOtp(ctx: AppContext, sql: Sql, send: OtpSend): Promise<void> {
  const now = ctx.now().getTime();
  const { rows: last } = await sql.query<{ last_sent: Date | null }>(
    `SELECT max(t) AS last_sent FROM (
       SELECT max(last_sent_at) AS t FROM otp_challenges WHERE registration_id = $1 AND channel = $2
       UNION ALL
       SELECT max(sent_at) FROM otp_sends WHERE lower(destination) = lower($3)
     ) AS sends`,
    [send.registrationId, send.channel, send.destination],
  );
  if (last[0]?.last_sent) {
    const waitMs = new Date(last[0].last_sent).getTime() + OTP_RESEND_SECONDS * 1000 - now;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw tooMany(RegistrationMessages.otpResendTooSoon(seconds), seconds);
    }
  }
  const windowStart = new Date(now - OTP_SEND_LIMITS.windowMinutes * 60_000);
  const { rows } = await sql.query<{ scope: string; sends: number | string; oldest: Date | null }>(
    `SELECT 'destination' AS scope, count(*) AS sends, min(sent_at) AS oldest FROM otp_sends
       WHERE lower(destination) = lower($1) AND sent_at > $4
     UNION ALL
     SELECT 'email', count(*), min(sent_at) FROM otp_sends WHERE lower(email) = lower($2) AND sent_at > $4
     UNION ALL
     SELECT 'ip', count(*), min(sent_at) FROM otp_sends WHERE ip = $3 AND sent_at > $4`,
    [send.destination, send.email, send.ip ?? null, windowStart],
  );
  const caps: Record<string, number> = {
    destination: OTP_SEND_LIMITS.perDestination,
    email: OTP_SEND_LIMITS.perEmail,
    ip: OTP_SEND_LIMITS.perIp,
  };
  for (const row of rows) {
    if (Number(row.sends) >= caps[row.scope]) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now;
      const retryAfter = Math.max(
        1,
        Math.ceil((oldest + OTP_SEND_LIMITS.windowMinutes * 60_000 - now) / 1000),
      );
      throw tooMany(RegistrationMessages.otpSendLimit, retryAfter);
    }
  }
}
