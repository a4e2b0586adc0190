import type { AffiliateStatus } from '@portal/contracts';
import type { Database, Sql } from '../../db/database';
import type { SignInAccount } from '../users';
import type { Lockout } from './lockout';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, LOCKOUT_WINDOW_MS, lockoutFrom } from './lockout';
import type { LoginAttempt, LoginFailureReason } from './login-history';
import { recordLoginAttempt } from './login-history';

// The Nth most recent failure of the account since its last success, and of the IP, within the window, with
// the account and its live temporary password ($1 user name, $2 window start, $3 IP, $4/$5 the limits less
// one, $6 now).
const SIGN_IN_STATE = `SELECT
       (SELECT f.logged_at FROM login_history f
         WHERE lower(f.user_name) = lower($1) AND NOT f.success AND f.failure_reason = 'invalid_credentials'
           AND f.logged_at > $2
           AND f.logged_at > COALESCE(
             (SELECT max(s.logged_at) FROM login_history s
               WHERE lower(s.user_name) = lower($1) AND s.success AND s.logged_at > $2),
             $2)
         ORDER BY f.logged_at DESC
         LIMIT 1 OFFSET $4) AS account_limit_failure_at,
       (SELECT f.logged_at FROM login_history f
         WHERE f.ip = $3 AND NOT f.success AND f.failure_reason = 'invalid_credentials' AND f.logged_at > $2
         ORDER BY f.logged_at DESC
         LIMIT 1 OFFSET $5) AS ip_limit_failure_at,
       u.user_id, u.role_id, u.email, u.full_name, u.password_hash, u.is_active, u.force_password_update,
       t.password_hash AS temporary_password_hash, t.expires_at AS temporary_password_expires_at,
       a.status AS affiliate_status
       FROM (SELECT 1) AS one
       LEFT JOIN users u ON lower(u.email) = lower($1)
       LEFT JOIN affiliates a ON a.user_id = u.user_id
       LEFT JOIN temporary_passwords t ON t.user_id = u.user_id AND t.expires_at > $6`;

interface SignInStateRow {
  account_limit_failure_at: Date | null;
  ip_limit_failure_at: Date | null;
  user_id: number | string | null;
  role_id: number;
  email: string;
  full_name: string;
  password_hash: string | null;
  temporary_password_hash: string | null;
  temporary_password_expires_at: Date | null;
  is_active: boolean;
  force_password_update: boolean;
  affiliate_status: AffiliateStatus | null;
}

function accountOf(row: SignInStateRow | undefined): SignInAccount | undefined {
  if (!row || row.user_id === null) return undefined;
  return {
    userId: Number(row.user_id),
    roleId: row.role_id,
    email: row.email,
    fullName: row.full_name,
    passwordHash: row.password_hash,
    temporaryPasswordHash: row.temporary_password_hash,
    temporaryPasswordExpiresAt: row.temporary_password_expires_at
      ? new Date(row.temporary_password_expires_at)
      : null,
    isActive: row.is_active,
    forcePasswordUpdate: row.force_password_update,
    affiliateStatus: row.affiliate_status,
  };
}

export type Reservation =
  | { lockout: Lockout }
  | { lockout?: undefined; attemptId: number; account: SignInAccount | undefined };

/**
 * Counts one attempt against the lockout of its user name and IP before anything is checked, or refuses it.
 * In one short transaction, under a lock per user name (lowered) and per IP, always taken in that order:
 * the lockout and the account are read, then the attempt is written, as a wrong-password failure until it is
 * settled, or as 'locked' when the limit is reached. Attempts racing for one account or IP therefore count
 * one after the other on every gateway, and at most ACCOUNT_FAILURE_LIMIT passwords are ever checked per
 * window. Any credential a caller checks (a password today, a code tomorrow) goes through this one function.
 */
export async function reserveSignInAttempt(db: Database, attempt: LoginAttempt): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('sign-in:user:' || lower($1), 0))`, [
      attempt.userName,
    ]);
    if (attempt.ip !== null) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('sign-in:ip:' || $1, 0))`, [attempt.ip]);
    }
    const since = new Date(attempt.at.getTime() - LOCKOUT_WINDOW_MS);
    const { rows } = await tx.query<SignInStateRow>(SIGN_IN_STATE, [
      attempt.userName,
      since,
      attempt.ip,
      ACCOUNT_FAILURE_LIMIT - 1,
      IP_FAILURE_LIMIT - 1,
      attempt.at,
    ]);
    const row = rows[0];
    const lockout = lockoutFrom(
      row?.account_limit_failure_at ?? null,
      attempt.ip === null ? null : (row?.ip_limit_failure_at ?? null),
      attempt.at,
    );
    if (lockout) {
      await recordLoginAttempt(tx, { ...attempt, userId: null, success: false, failureReason: 'locked' });
      return { lockout };
    }
    const account = accountOf(row);
    const attemptId = await recordLoginAttempt(tx, {
      ...attempt,
      userId: account?.userId ?? null,
      success: false,
      failureReason: 'invalid_credentials',
    });
    return { attemptId, account };
  });
}

/** A reserved attempt that failed for another reason than a wrong password: it no longer counts. */
export async function settleFailedAttempt(
  sql: Sql,
  attemptId: number,
  reason: Exclude<LoginFailureReason, 'invalid_credentials' | 'locked'>,
): Promise<void> {
  await sql.query('UPDATE login_history SET failure_reason = $2 WHERE login_id = $1', [attemptId, reason]);
}

export interface NewSession {
  sessionId: string;
  userId: number;
  issuedAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  forcePasswordUpdate: boolean;
}

/** The reserved attempt marked a success (which starts the account's count afresh) and the session, in one statement. */
export async function recordSuccessfulSignIn(sql: Sql, attemptId: number, session: NewSession): Promise<void> {
  await sql.query(
    `WITH history AS (
       UPDATE login_history SET success = true, failure_reason = NULL WHERE login_id = $1
     )
     INSERT INTO sessions (session_id, user_id, created_at, expires_at, last_seen_at, ip, user_agent, force_password_update)
     VALUES ($2, $3, $4, $5, $4, $6, $7, $8)`,
    [
      attemptId,
      session.sessionId,
      session.userId,
      session.issuedAt,
      session.expiresAt,
      session.ip,
      session.userAgent,
      session.forcePasswordUpdate,
    ],
  );
}
