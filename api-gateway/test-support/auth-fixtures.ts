import type express from 'express';
import request from 'supertest';
import { hashPassword } from '../src/auth/password';
import type { Sql } from '../src/db/database';
import { totpCodeAt } from './authenticator';
import { testAppContexts } from './test-app';
import { openSecret, type StoredSecretRow } from '../src/lib/sealed-secrets';

/** The password step alone: a staff account with a second factor answers a challenge here. */
export async function passwordStep(app: express.Express, userName: string, password: string, ip?: string) {
  const req = request(app).post('/api/login/auth').set('User-Agent', 'jest-agent/1.0');
  if (ip) req.set('X-Forwarded-For', ip);
  return req.send({ userName, password });
}

/** The code step: the challenge with a code (or recovery code). */
export async function codeStep(
  app: express.Express,
  body: { challenge: string; code?: string; recoveryCode?: string },
  ip?: string,
) {
  const req = request(app).post('/api/login/second-factor').set('User-Agent', 'jest-agent/1.0');
  if (ip) req.set('X-Forwarded-For', ip);
  return req.send(body);
}

/**
 * Signs in as a person would, second factor included: when the password step asks for a code (the demo admin
 * is enrolled by the seed), the code of the user's secret at the app's clock is sent, like an authenticator.
 * Tests sign in many times within one 30-second step, where an authenticator would wait for the next code, so
 * the helper first forgets the last step used (the replay guard has its own tests, through codeStep).
 */
export async function signIn(app: express.Express, userName: string, password: string, ip?: string) {
  const res = await passwordStep(app, userName, password, ip);
  if (res.status !== 200 || res.body?.secondFactorRequired !== true) return res;
  const ctx = testAppContexts.get(app);
  if (!ctx) throw new Error('signIn completes the code step only for apps made by createTestApp');
  const { rows } = await ctx.db.query<StoredSecretRow>(
    `UPDATE user_second_factors f SET last_used_step = -1 FROM users u
      WHERE u.user_id = f.user_id AND lower(u.email) = lower($1) RETURNING f.secret, f.secret_sealed`,
    [userName.trim()],
  );
  if (!rows[0]) throw new Error(`no second factor for ${userName}`);
  const secret = openSecret(ctx.config.dataKeyring, rows[0]);
  return codeStep(app, { challenge: res.body.challenge, code: totpCodeAt(secret, ctx.now()) }, ip);
}

export async function tokenFor(app: express.Express, userName: string, password: string): Promise<string> {
  const res = await signIn(app, userName, password);
  if (res.status !== 200)
    throw new Error(`sign-in of ${userName} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

let sequence = 0;

/** An affiliate in the given status, with a password unless `password` is null. */
export async function createAffiliateUser(
  sql: Sql,
  status: string,
  password: string | null,
): Promise<{ email: string; userId: number; affiliateId: number }> {
  const n = ++sequence;
  const email = `auth-affiliate${n}@example.test`;
  const { rows } = await sql.query<{ user_id: number | string }>(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
     VALUES ($1, $2, $3, 3, '+234', $4, 1) RETURNING user_id`,
    [`Auth Affiliate ${n}`, email, password ? await hashPassword(password) : null, String(8100000000 + n)],
  );
  const userId = Number(rows[0].user_id);
  const affiliate = await sql.query<{ affiliate_id: number | string }>(
    `INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type,
                             nin_or_bvn, bank_id, account_number, status)
     VALUES ($1, $2, $3, 1, '+234', $4, 'NIN', '29384750162', 1, '0011223344', $5) RETURNING affiliate_id`,
    [userId, `Auth Affiliate ${n}`, email, String(8100000000 + n), status],
  );
  return { email, userId, affiliateId: Number(affiliate.rows[0].affiliate_id) };
}
