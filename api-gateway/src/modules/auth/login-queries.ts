import type { AffiliateStatus } from '@portal/contracts';
import type { Sql } from '../../db/database';
import type { SignInAccount } from '../users';
import type { Lockout } from './lockout';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, LOCKOUT_WINDOW_MINUTES, lockoutFrom } from './lockout';
import type { LoginAttempt, LoginFailureReason } from './login-history';
import { loginAttemptValues } from './login-history';

interface SignInStateRow {
  login_id: number | string | null;
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
 * Counts one attempt against the lockout of its user name and IP before anything is checked, or refuses it:
 * one call of the database function `reserve_sign_in_attempt` (migration 030), which, under a lock per user
 * name (lowered) and per IP, reads the lockout and the account and writes the attempt, as a wrong-password
 * failure until it is settled, or as 'locked' when a limit is reached. Attempts racing for one account or IP
 * are therefore counted one after the other on every gateway, and at most ACCOUNT_FAILURE_LIMIT passwords
 * are checked per window. Any credential a caller checks (a password today, a code tomorrow) goes through this
 * one function.
 */
export async function reserveSignInAttempt(sql: Sql, attempt: LoginAttempt): Promise<Reservation> {
  const [, userName, at, ip, userAgent, latitude, longitude] = loginAttemptValues(attempt);
  const { rows } = await sql.query<SignInStateRow>(
    'SELECT * FROM reserve_sign_in_attempt($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
      userName,
      ip,
      at,
      userAgent,
      latitude,
      longitude,
      ACCOUNT_FAILURE_LIMIT,
      IP_FAILURE_LIMIT,
      `${LOCKOUT_WINDOW_MINUTES} minutes`,
    ],
  );
  const row = rows[0];
  const lockout = lockoutFrom(row.account_limit_failure_at, row.ip_limit_failure_at, attempt.at);
  if (lockout || row.login_id === null) return { lockout: lockout ?? { retryAfterSeconds: 1 } };
  return { attemptId: Number(row.login_id), account: accountOf(row) };
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
  /** An Admin without a second factor while it is required: this session may only set one up. */
  secondFactorEnrolment?: boolean;
}

/** The reserved attempt marked a success (which starts the account's count afresh) and the session, in one statement. */
export async function recordSuccessfulSignIn(
  sql: Sql,
  attemptId: number,
  session: NewSession,
): Promise<void> {
  await sql.query(
    `WITH history AS (
       UPDATE login_history SET success = true, failure_reason = NULL WHERE login_id = $1
     )
     INSERT INTO sessions (session_id, user_id, created_at, expires_at, last_seen_at, ip, user_agent,
                           force_password_update, second_factor_enrolment)
     VALUES ($2, $3, $4, $5, $4, $6, $7, $8, $9)`,
    [
      attemptId,
      session.sessionId,
      session.userId,
      session.issuedAt,
      session.expiresAt,
      session.ip,
      session.userAgent,
      session.forcePasswordUpdate,
      session.secondFactorEnrolment ?? false,
    ],
  );
}
