import type { Sql } from '../../db/database';

/** Why a sign-in failed, as stored in login_history.failure_reason. Only `invalid_credentials` counts towards lockout. */
export type LoginFailureReason = 'invalid_credentials' | 'locked' | 'kyc_pending' | 'inactive';

export interface LoginAttempt {
  at: Date;
  userId: number | null;
  userName: string;
  ip: string | null;
  userAgent: string | null;
  latitude: number | null;
  longitude: number | null;
  success: boolean;
  failureReason?: LoginFailureReason;
}

// Bounds what a caller can make us store per attempt.
const MAX_USER_NAME = 320;
const MAX_USER_AGENT = 512;

/**
 * Every sign-in attempt, success or not, is one row: the Login Report and the lockout read them. Answers the
 * row's id (sign-in writes the attempt before its password is checked, and settles it afterwards).
 */
export async function recordLoginAttempt(sql: Sql, attempt: LoginAttempt): Promise<number> {
  const { rows } = await sql.query<{ login_id: number | string }>(
    `INSERT INTO login_history (user_id, user_name, logged_at, ip, user_agent, latitude, longitude, success, failure_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING login_id`,
    loginAttemptValues(attempt),
  );
  return Number(rows[0].login_id);
}

/** The nine values of a login_history row, in the column order above. */
export function loginAttemptValues(attempt: LoginAttempt): unknown[] {
  return [
    attempt.userId,
    attempt.userName.slice(0, MAX_USER_NAME),
    attempt.at,
    attempt.ip,
    attempt.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    attempt.latitude,
    attempt.longitude,
    attempt.success,
    attempt.failureReason ?? null,
  ];
}
