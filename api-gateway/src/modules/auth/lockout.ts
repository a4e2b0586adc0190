/** Failed sign-ins with a wrong email or password allowed per account within the window. */
export const ACCOUNT_FAILURE_LIMIT = 10;
/**
 * Failed sign-ins allowed per IP within the window, across all accounts: stops password spraying.
 * Ten times the account limit, so one locked account (whose refused attempts are not counted) can
 * never lock its office's shared IP by itself.
 */
export const IP_FAILURE_LIMIT = 100;
export const LOCKOUT_WINDOW_MINUTES = 15;

export const LOCKOUT_WINDOW_MS = LOCKOUT_WINDOW_MINUTES * 60_000;

export interface Lockout {
  /** Seconds until one more attempt is allowed. */
  retryAfterSeconds: number;
}

/**
 * Is a sign-in refused for now? An account counts its wrong-password failures since its last successful
 * sign-in, within the last 15 minutes; an IP counts failures of every account. Attempts refused by the
 * lockout itself are not counted, so the lock lifts on time. Given the ACCOUNT_FAILURE_LIMIT-th most recent
 * failure of the account and the IP_FAILURE_LIMIT-th of the IP (read by `reserveSignInAttempt` under its
 * locks): each lock lifts when that failure leaves the window.
 */
export function lockoutFrom(
  accountLimitFailureAt: Date | null,
  ipLimitFailureAt: Date | null,
  now: Date,
): Lockout | undefined {
  const until = [accountLimitFailureAt, ipLimitFailureAt]
    .filter((at): at is Date => at !== null)
    .map((at) => new Date(at).getTime() + LOCKOUT_WINDOW_MS);
  if (until.length === 0) return undefined;
  const latest = Math.max(...until);
  return { retryAfterSeconds: Math.max(1, Math.ceil((latest - now.getTime()) / 1000)) };
}
