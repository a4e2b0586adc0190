import type { AffiliateStatus } from '@portal/contracts';
import type { Sql } from '../../db/database';
import type { SignInAccount } from '../users';
import type { Lockout } from './lockout';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, LOCKOUT_WINDOW_MS, lockoutFrom } from './lockout';
import type { LoginAttempt } from './login-history';
import { loginAttemptValues } from './login-history';

/**
 * A sign-in's statements, as few as the work allows: one to read the lockout and the account, one to write
 * the history row and the session (a data-modifying CTE: one round trip, atomic without BEGIN/COMMIT).
 */

export interface SignInState {
  lockout: Lockout | undefined;
  account: SignInAccount | undefined;
}

// The Nth most recent failure of the account since its last success, and of the IP, within the window
// ($1 user name, $2 window start, $3 IP, $4/$5 the limits less one).
const LOCKOUT_COLUMNS = `
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
         LIMIT 1 OFFSET $5) AS ip_limit_failure_at`;

const ACCOUNT_COLUMNS = `
       u.user_id, u.role_id, u.email, u.full_name, u.password_hash, u.is_active, u.force_password_update,
       t.password_hash AS temporary_password_hash, t.expires_at AS temporary_password_expires_at,
       a.status AS affiliate_status`;

const SIGN_IN_STATE = `SELECT ${LOCKOUT_COLUMNS}, ${ACCOUNT_COLUMNS}
       FROM (SELECT 1) AS one
       LEFT JOIN users u ON lower(u.email) = lower($1)
       LEFT JOIN affiliates a ON a.user_id = u.user_id
       LEFT JOIN temporary_passwords t ON t.user_id = u.user_id AND t.expires_at > $6`;

// $1 user name, $2 now (a temporary password that has expired is not read).
const ACCOUNT_ONLY = `SELECT ${ACCOUNT_COLUMNS}
       FROM users u
       LEFT JOIN affiliates a ON a.user_id = u.user_id
       LEFT JOIN temporary_passwords t ON t.user_id = u.user_id AND t.expires_at > $2
      WHERE lower(u.email) = lower($1)`;

const LOCKOUT_ONLY = `SELECT ${LOCKOUT_COLUMNS}`;

interface LockoutRow {
  account_limit_failure_at: Date | null;
  ip_limit_failure_at: Date | null;
}

function lockoutParams(request: { userName: string; ip: string | null; now: Date }): unknown[] {
  const since = new Date(request.now.getTime() - LOCKOUT_WINDOW_MS);
  return [request.userName, since, request.ip, ACCOUNT_FAILURE_LIMIT - 1, IP_FAILURE_LIMIT - 1];
}

function lockoutOf(row: LockoutRow | undefined, request: { ip: string | null; now: Date }) {
  return lockoutFrom(
    row?.account_limit_failure_at ?? null,
    request.ip === null ? null : (row?.ip_limit_failure_at ?? null),
    request.now,
  );
}

interface AccountRow {
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

function accountOf(row: AccountRow | undefined): SignInAccount | undefined {
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

/**
 * The account's and the IP's lockout (see lockout.ts) and the account with its live temporary password, in one
 * statement: the sign-in of an account this process does not know yet while a lock was seen lately
 * (a locked attempt then costs this read and nothing else).
 */
export async function findSignInState(
  sql: Sql,
  request: { userName: string; ip: string | null; now: Date },
): Promise<SignInState> {
  const { rows } = await sql.query<LockoutRow & AccountRow>(SIGN_IN_STATE, [
    ...lockoutParams(request),
    request.now,
  ]);
  return { lockout: lockoutOf(rows[0], request), account: accountOf(rows[0]) };
}

/**
 * The account with its live temporary password alone: the sign-in of an account this process does not know
 * yet, whose lockout is then read while its password is checked.
 */
export async function findSignInAccount(
  sql: Sql,
  request: { userName: string; now: Date },
): Promise<{ account: SignInAccount | undefined }> {
  const { rows } = await sql.query<AccountRow>(ACCOUNT_ONLY, [request.userName, request.now]);
  return { account: accountOf(rows[0]) };
}

/** The account's and the IP's lockout alone: the sign-in of an account whose credentials this process holds. */
export async function findLockout(
  sql: Sql,
  request: { userName: string; ip: string | null; now: Date },
): Promise<Lockout | undefined> {
  const { rows } = await sql.query<LockoutRow>(LOCKOUT_ONLY, lockoutParams(request));
  return lockoutOf(rows[0], request);
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

/** The successful attempt's history row and the session row, in one statement. */
export async function recordSuccessfulSignIn(
  sql: Sql,
  attempt: LoginAttempt,
  session: NewSession,
): Promise<void> {
  await sql.query(
    `WITH history AS (
       INSERT INTO login_history (user_id, user_name, logged_at, ip, user_agent, latitude, longitude, success, failure_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     )
     INSERT INTO sessions (session_id, user_id, created_at, expires_at, last_seen_at, ip, user_agent, force_password_update)
     VALUES ($10, $11, $12, $13, $12, $14, $15, $16)`,
    [
      ...loginAttemptValues(attempt),
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
