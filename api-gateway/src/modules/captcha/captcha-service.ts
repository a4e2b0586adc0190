import { randomUUID } from 'node:crypto';
import type { CaptchaChallengeResponse } from '@portal/contracts';
import { Messages, RegistrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, tooMany } from '../../http/errors';
import { keyedHash, keyedHashMatches } from '../../lib/keyed-hash';
import { drawCaptcha, randomCaptchaText } from './captcha-image';

/** How long a challenge can be answered, and how long a solved one can be used by a registration submit. */
export const CAPTCHA_ANSWER_MINUTES = 10;
export const CAPTCHA_SOLVED_VALID_MINUTES = 30;
/** New challenges per IP; Refresh is a click, so the cap is generous but stops image farming. */
export const CAPTCHA_PER_IP = { max: 60, windowMinutes: 10 };

const minutes = (n: number) => n * 60_000;

/** Answers are compared in upper case: the image shows capitals, people type either. */
const canonical = (answer: string) => answer.trim().toUpperCase();

export async function issueCaptcha(
  ctx: AppContext,
  ip: string | undefined,
): Promise<CaptchaChallengeResponse> {
  const now = ctx.now();
  const { rows } = await ctx.db.query<{ issued: number | string; oldest: Date | null }>(
    `SELECT count(*) AS issued, min(created_at) AS oldest FROM captcha_challenges WHERE ip = $1 AND created_at > $2`,
    [ip ?? null, new Date(now.getTime() - minutes(CAPTCHA_PER_IP.windowMinutes))],
  );
  if (Number(rows[0].issued) >= CAPTCHA_PER_IP.max) {
    const oldest = rows[0].oldest ? new Date(rows[0].oldest).getTime() : now.getTime();
    const retryAfter = Math.max(
      1,
      Math.ceil((oldest + minutes(CAPTCHA_PER_IP.windowMinutes) - now.getTime()) / 1000),
    );
    throw tooMany(RegistrationMessages.captchaTooMany, retryAfter);
  }
  const captchaId = randomUUID();
  const text = randomCaptchaText();
  await ctx.db.query(
    `INSERT INTO captcha_challenges (captcha_id, answer_hash, expires_at, ip, dev_answer, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      captchaId,
      keyedHash(ctx, 'captcha', `${captchaId}:${text}`),
      new Date(now.getTime() + minutes(CAPTCHA_ANSWER_MINUTES)),
      ip ?? null,
      ctx.config.isProduction ? null : text,
      now,
    ],
  );
  return { captchaId, image: `data:image/png;base64,${drawCaptcha(text).toString('base64')}` };
}

interface CaptchaRow {
  answer_hash: string;
  expires_at: Date;
  attempts: number;
  solved_at: Date | null;
  consumed_at: Date | null;
}

/**
 * One answer per challenge: right marks it solved, wrong ends it (the client fetches a new one, as the
 * spec's "a wrong answer regenerates it" asks). Every failure answers 'Invalid CAPTCHA!'.
 */
export async function verifyCaptcha(ctx: AppContext, captchaId: string, answer: string): Promise<void> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<CaptchaRow>(
      `SELECT answer_hash, expires_at, attempts, solved_at, consumed_at FROM captcha_challenges
        WHERE captcha_id = $1 FOR UPDATE`,
      [captchaId],
    );
    const row = rows[0];
    const now = ctx.now();
    if (!row || row.attempts > 0 || row.solved_at || row.consumed_at || new Date(row.expires_at) <= now)
      return 'invalid';
    const right = keyedHashMatches(ctx, 'captcha', `${captchaId}:${canonical(answer)}`, row.answer_hash);
    await tx.query(
      `UPDATE captcha_challenges SET attempts = attempts + 1, solved_at = $2, consumed_at = $3 WHERE captcha_id = $1`,
      [captchaId, right ? now : null, right ? null : now],
    );
    return right ? 'solved' : 'invalid';
  });
  if (outcome !== 'solved') throw badRequest(Messages.captchaInvalid, { captchaId: Messages.captchaInvalid });
}

/** Used once by a registration submit, inside its transaction; undefined when not solved, used or stale. */
export async function consumeSolvedCaptcha(
  ctx: AppContext,
  sql: Sql,
  captchaId: string,
): Promise<Date | undefined> {
  const now = ctx.now();
  const { rows } = await sql.query<{ solved_at: Date }>(
    `UPDATE captcha_challenges SET consumed_at = $2
      WHERE captcha_id = $1 AND solved_at IS NOT NULL AND consumed_at IS NULL AND solved_at > $3
      RETURNING solved_at`,
    [captchaId, now, new Date(now.getTime() - minutes(CAPTCHA_SOLVED_VALID_MINUTES))],
  );
  return rows[0] ? new Date(rows[0].solved_at) : undefined;
}

/** Outside production only: the plain answer, kept for browser tests. */
export async function devCaptchaAnswer(ctx: AppContext, captchaId: string): Promise<string | undefined> {
  const { rows } = await ctx.db.query<{ dev_answer: string | null }>(
    'SELECT dev_answer FROM captcha_challenges WHERE captcha_id = $1',
    [captchaId],
  );
  return rows[0]?.dev_answer ?? undefined;
}
