/** Why a sign-in failed, as stored in login_history.failure_reason. Only `invalid_credentials` counts towards lockout. */
export type LoginFailureReason =
  | 'invalid_credentials'
  | 'locked'
  | 'kyc_pending'
  | 'inactive'
  /** The password was right; the second factor's code step follows (issue 29). */
  | 'second_factor_pending'
  /** A right code proved the factor outside sign-in (turning it off). */
  | 'second_factor_checked';

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

// Every sign-in attempt, success or not, is one row of login_history: the Login Report and the lockout read
// them. Sign-in writes it before the password is checked (reserveSignInAttempt) and settles it afterwards.

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
