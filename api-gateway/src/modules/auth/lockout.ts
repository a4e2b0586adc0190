import type { Sql } from '../../db/database';

/** Failed sign-ins with a wrong email or password allowed per account within the window. */
export const ACCOUNT_FAILURE_LIMIT = 10;
/**
 * Failed sign-ins allowed per IP within the window, across all accounts: stops password spraying.
 * Ten times the account limit, so one locked account (whose refused attempts are not counted) can
 * never lock its office's shared IP by itself.
 */
export const IP_FAILURE_LIMIT = 100;
export const LOCKOUT_WINDOW_MINUTES = 15;

const WINDOW_MS = LOCKOUT_WINDOW_MINUTES * 60_000;

export interface Lockout {
  /** Seconds until one more attempt is allowed. */
  retryAfterSeconds: number;
}

/**
 * Is a sign-in for this account, from this IP, refused for now? An account counts its wrong-password
 * failures since its last successful sign-in, within the last 15 minutes; an IP counts failures of every
 * account. Attempts refused by the lockout itself are not counted, so the lock lifts on time.
 */
export async function findLockout(
  sql: Sql,
  request: { userName: string; ip: string | null; now: Date },
): Promise<Lockout | undefined> {
  const since = new Date(request.now.getTime() - WINDOW_MS);
  const until: Date[] = [];
  // The ACCOUNT_FAILURE_LIMIT-th most recent failure: the lock lifts when it leaves the window.
  const account = await sql.query<{ logged_at: Date }>(
    `SELECT logged_at FROM login_history
      WHERE lower(user_name) = lower($1) AND NOT success AND failure_reason = 'invalid_credentials'
        AND logged_at > $2
        AND logged_at > COALESCE(
          (SELECT max(logged_at) FROM login_history WHERE lower(user_name) = lower($1) AND success AND logged_at > $2),
          $2)
      ORDER BY logged_at DESC
      LIMIT 1 OFFSET $3`,
    [request.userName, since, ACCOUNT_FAILURE_LIMIT - 1],
  );
  if (account.rows[0]) until.push(new Date(new Date(account.rows[0].logged_at).getTime() + WINDOW_MS));
  if (request.ip) {
    const ip = await sql.query<{ logged_at: Date }>(
      `SELECT logged_at FROM login_history
        WHERE ip = $1 AND NOT success AND failure_reason = 'invalid_credentials' AND logged_at > $2
        ORDER BY logged_at DESC
        LIMIT 1 OFFSET $3`,
      [request.ip, since, IP_FAILURE_LIMIT - 1],
    );
    if (ip.rows[0]) until.push(new Date(new Date(ip.rows[0].logged_at).getTime() + WINDOW_MS));
  }
  if (until.length === 0) return undefined;
  const latest = Math.max(...until.map((date) => date.getTime()));
  return { retryAfterSeconds: Math.max(1, Math.ceil((latest - request.now.getTime()) / 1000)) };
}
