import type express from 'express';
import request from 'supertest';
import { hashPassword } from '../src/auth/password';
import type { Sql } from '../src/db/database';

export async function signIn(app: express.Express, userName: string, password: string, ip?: string) {
  const req = request(app).post('/api/login/auth').set('User-Agent', 'jest-agent/1.0');
  if (ip) req.set('X-Forwarded-For', ip);
  return req.send({ userName, password });
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
