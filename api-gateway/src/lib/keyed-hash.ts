import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';

/**
 * HMAC-SHA256 under a key derived from the server secret, one key per purpose. Enough for short secrets
 * that are also limited by tries (6-digit OTPs: 5 tries; captcha answers: 1 try): a leaked table alone
 * does not give the codes, and a code hashed for one purpose is useless for another.
 */
const keys = new WeakMap<Uint8Array, Map<string, Buffer>>();

function keyFor(ctx: AppContext, purpose: string): Buffer {
  let perSecret = keys.get(ctx.config.jwtSecret);
  if (!perSecret) {
    perSecret = new Map();
    keys.set(ctx.config.jwtSecret, perSecret);
  }
  let key = perSecret.get(purpose);
  if (!key) {
    key = createHmac('sha256', ctx.config.jwtSecret).update(`affiliate-portal:${purpose}`).digest();
    perSecret.set(purpose, key);
  }
  return key;
}

export type HashPurpose =
  | 'otp'
  | 'captcha'
  | 'registration-client'
  | 'integration-api-key'
  | 'bank-account'
  | 'download-session';

export function keyedHash(ctx: AppContext, purpose: HashPurpose, value: string): string {
  return createHmac('sha256', keyFor(ctx, purpose)).update(value).digest('hex');
}

/** Constant-time comparison of a candidate with a stored keyed hash. */
export function keyedHashMatches(
  ctx: AppContext,
  purpose: HashPurpose,
  value: string,
  storedHash: string,
): boolean {
  const candidate = Buffer.from(keyedHash(ctx, purpose, value), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
