import type { Sql } from '../../db/database';
import type { SignInAccount } from '../users';
import type { Lockout } from './lockout';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, LOCKOUT_WINDOW_MINUTES, lockoutFrom } from './lockout';
import type { LoginAttempt, LoginFailureReason } from './login-history';
import { loginAttemptValues } from './login-history';

/** What reserve_sign_in_attempt answers, its account's columns named as SignInAccount's fields. */
type SignInState = {
  attemptId: number | null;
  accountLimitFailureAt: Date | null;
  ipLimitFailureAt: Date | null;
  userId: number | null;
} & Omit<SignInAccount, 'userId'>;

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
  const { rows } = await sql.query<SignInState>(
    `SELECT login_id AS "attemptId", account_limit_failure_at AS "accountLimitFailureAt",
            ip_limit_failure_at AS "ipLimitFailureAt", user_id AS "userId", role_id AS "roleId", email,
            full_name AS "fullName", password_hash AS "passwordHash", temporary_password_hash AS "temporaryPasswordHash",
            temporary_password_expires_at AS "temporaryPasswordExpiresAt", is_active AS "isActive",
            force_password_update AS "forcePasswordUpdate", affiliate_status AS "affiliateStatus"
       FROM reserve_sign_in_attempt($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
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
  const { attemptId, accountLimitFailureAt, ipLimitFailureAt, userId, ...account } = rows[0];
  const lockout = lockoutFrom(accountLimitFailureAt, ipLimitFailureAt, attempt.at);
  if (lockout || attemptId === null) return { lockout: lockout ?? { retryAfterSeconds: 1 } };
  return { attemptId, account: userId === null ? undefined : { userId, ...account } };
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
