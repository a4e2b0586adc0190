import { randomInt, randomUUID } from 'node:crypto';
import { OTP_EXPIRY_MINUTES, OTP_LENGTH, OTP_MAX_ATTEMPTS, RegistrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import type { HttpError } from '../../http/errors';
import { badRequest, tooMany } from '../../http/errors';
import { keyedHash, keyedHashMatches } from '../../lib/keyed-hash';
import type { OtpSend } from './send-limits';
import { claimOtpSend } from './send-limits';

export type OtpChannel = 'email' | 'mobile';

/**
 * A new code for this registration and channel, after the 30 s gap and the send caps (`sql` is the caller's
 * transaction, which holds the send's locks until it commits): earlier codes of the
 * channel stop working (one live code at a time). Returns the code (and its challenge) for the caller's message; it is never
 * stored in clear nor returned to the client. `unverifiable` stores the hash of a value no one can type
 * instead (same work, same rows), for an address that must not be verified.
 */
export async function issueOtpChallenge(
  ctx: AppContext,
  sql: Sql,
  send: OtpSend,
  options: { unverifiable?: boolean } = {},
): Promise<{ code: string; challengeId: string }> {
  await claimOtpSend(ctx, sql, send);
  const now = ctx.now();
  const { rows: previous } = await sql.query<{ destination: string; send_count: number }>(
    `SELECT destination, send_count FROM otp_challenges
      WHERE registration_id = $1 AND channel = $2 ORDER BY created_at DESC LIMIT 1`,
    [send.registrationId, send.channel],
  );
  await sql.query(
    `UPDATE otp_challenges SET ended_at = $3 WHERE registration_id = $1 AND channel = $2 AND ended_at IS NULL`,
    [send.registrationId, send.channel, now],
  );
  const sameDestination = previous[0]?.destination === send.destination;
  const challengeId = randomUUID();
  // Six digits from the crypto RNG, leading zeros kept.
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  await sql.query(
    `INSERT INTO otp_challenges (challenge_id, registration_id, channel, destination, code_hash, expires_at,
                                 last_sent_at, send_count, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $7)`,
    [
      challengeId,
      send.registrationId,
      send.channel,
      send.destination,
      keyedHash(ctx, 'otp', `${challengeId}:${options.unverifiable ? randomUUID() : code}`),
      new Date(now.getTime() + OTP_EXPIRY_MINUTES * 60_000),
      now,
      sameDestination ? previous[0].send_count + 1 : 1,
      send.ip ?? null,
    ],
  );
  return { code, challengeId };
}

interface ChallengeRow {
  challenge_id: string;
  destination: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  verified_at: Date | null;
  ended_at: Date | null;
}

export type OtpCheck = { ok: true; destination: string } | { ok: false; error: HttpError };

/**
 * Checks a code against the registration's latest challenge of the channel, inside the caller's
 * transaction. A failure is returned, not thrown, so that the counted attempt is committed with it.
 * Single use: a verified challenge is ended. Five wrong tries end it too: only a resend gives a new one.
 */
export async function checkOtp(
  ctx: AppContext,
  sql: Sql,
  registrationId: string,
  channel: OtpChannel,
  code: string,
  expectedDestination?: string,
): Promise<OtpCheck> {
  const now = ctx.now();
  const { rows } = await sql.query<ChallengeRow>(
    `SELECT challenge_id, destination, code_hash, attempts, expires_at, verified_at, ended_at FROM otp_challenges
      WHERE registration_id = $1 AND channel = $2 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [registrationId, channel],
  );
  const challenge = rows[0];
  const refused = (error: HttpError): OtpCheck => ({ ok: false, error });
  if (!challenge) return refused(badRequest(RegistrationMessages.otpNotRequested));
  if (expectedDestination !== undefined && challenge.destination !== expectedDestination) {
    const message = RegistrationMessages.mobileChanged;
    return refused(badRequest(message, { mobileNumber: message }));
  }
  if (challenge.verified_at) return refused(badRequest(RegistrationMessages.otpAlreadyUsed));
  if (challenge.attempts >= OTP_MAX_ATTEMPTS)
    return refused(tooMany(RegistrationMessages.otpAttemptsExhausted));
  if (challenge.ended_at || new Date(challenge.expires_at) <= now) {
    await sql.query('UPDATE otp_challenges SET ended_at = coalesce(ended_at, $2) WHERE challenge_id = $1', [
      challenge.challenge_id,
      now,
    ]);
    return refused(badRequest(RegistrationMessages.otpExpired, { otp: RegistrationMessages.otpExpired }));
  }
  if (keyedHashMatches(ctx, 'otp', `${challenge.challenge_id}:${code}`, challenge.code_hash)) {
    await sql.query('UPDATE otp_challenges SET verified_at = $2, ended_at = $2 WHERE challenge_id = $1', [
      challenge.challenge_id,
      now,
    ]);
    return { ok: true, destination: challenge.destination };
  }
  const attempts = challenge.attempts + 1;
  const exhausted = attempts >= OTP_MAX_ATTEMPTS;
  await sql.query('UPDATE otp_challenges SET attempts = $2, ended_at = $3 WHERE challenge_id = $1', [
    challenge.challenge_id,
    attempts,
    exhausted ? now : null,
  ]);
  if (exhausted) return refused(tooMany(RegistrationMessages.otpAttemptsExhausted));
  const message = RegistrationMessages.otpInvalid(OTP_MAX_ATTEMPTS - attempts);
  return refused(badRequest(message, { otp: message }));
}

/** After a submit, no code of the registration can be used again. */
export async function endRegistrationOtps(ctx: AppContext, sql: Sql, registrationId: string): Promise<void> {
  await sql.query('UPDATE otp_challenges SET ended_at = coalesce(ended_at, $2) WHERE registration_id = $1', [
    registrationId,
    ctx.now(),
  ]);
}
