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
  /** Which limits are reached: the account's, the IP's (or both). */
  account: boolean;
  ip: boolean;
}

/**
 * Is a sign-in refused for now? An account counts its wrong-password failures since its last successful
 * sign-in, within the last 15 minutes; an IP counts failures of every account. Attempts refused by the
 * lockout itself are not counted, so the lock lifts on time. Given the ACCOUNT_FAILURE_LIMIT-th most recent
 * failure of the account and the IP_FAILURE_LIMIT-th of the IP (read in `findSignInState`): each lock lifts
 * when that failure leaves the window.
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
  return {
    retryAfterSeconds: Math.max(1, Math.ceil((latest - now.getTime()) / 1000)),
    account: accountLimitFailureAt !== null,
    ip: ipLimitFailureAt !== null,
  };
}

const MAX_REMEMBERED_LOCKS = 10_000;

/**
 * The locks this process has seen lately (user name and IP → until when), only to decide whether a sign-in
 * may start its password check before the lockout read answers. Never decides a refusal itself: the
 * database's lockout read always does. Without it, every attempt at a locked account whose credentials are in
 * memory would still cost an argon2 verification (wasted, since the answer is 429), where the lock is
 * meant to make attempts cheap.
 */
export class RecentLocks {
  private readonly until = new Map<string, number>();

  /**
   * Remembers the user name when the account's limit is reached, the IP when the IP's is: an account locked
   * by its own failures leaves the other users of its IP (an office behind one address) on the usual order.
   */
  remember(userName: string, ip: string | null, lockout: Lockout, now: Date): void {
    const until = now.getTime() + lockout.retryAfterSeconds * 1000;
    for (const key of [
      lockout.account ? `user:${userName.toLowerCase()}` : undefined,
      lockout.ip && ip !== null ? `ip:${ip}` : undefined,
    ]) {
      if (!key) continue;
      if (this.until.size >= MAX_REMEMBERED_LOCKS)
        this.until.delete(this.until.keys().next().value as string);
      this.until.set(key, until);
    }
  }

  /** True when the user name or the IP was locked a moment ago and may still be. */
  mayBeLocked(userName: string, ip: string | null, now: Date): boolean {
    return [`user:${userName.toLowerCase()}`, ip === null ? undefined : `ip:${ip}`].some((key) => {
      if (!key) return false;
      const until = this.until.get(key);
      if (until === undefined) return false;
      if (until > now.getTime()) return true;
      this.until.delete(key);
      return false;
    });
  }
}
