import type { Sql } from '../../db/database';

/** Temporary passwords emailed per account within the window; more requests get the same answer and no email. */
export const RESET_LIMIT = 3;
/** Forgot-password requests per IP within the window, for any addresses, known or not; more answer 429. */
export const RESET_IP_LIMIT = 20;
export const RESET_WINDOW_MINUTES = 60;

const WINDOW_MS = RESET_WINDOW_MINUTES * 60_000;

/**
 * Records a forgot-password request for the per-IP limit and answers its id, or the seconds until the IP
 * may ask again. Inserted before counting, so of two gateways taking requests from one IP at once, the later
 * count always sees the earlier row: the limit holds across gateways. A refused request is removed again, so
 * asking while limited does not extend the limit.
 */
export async function claimResetRequest(
  sql: Sql,
  request: { emailKey: string; ip: string | null; now: Date },
): Promise<{ requestId: number } | { retryAfterSeconds: number }> {
  const since = new Date(request.now.getTime() - WINDOW_MS);
  await sql.query('DELETE FROM password_reset_requests WHERE requested_at <= $1', [since]);
  const { rows } = await sql.query<{ request_id: number | string }>(
    `INSERT INTO password_reset_requests (email_key, ip, requested_at, sent) VALUES ($1, $2, $3, false)
     RETURNING request_id`,
    [request.emailKey, request.ip, request.now],
  );
  const requestId = Number(rows[0].request_id);
  if (request.ip === null) return { requestId };
  // The oldest of the last RESET_IP_LIMIT + 1 requests (this one included): the IP may ask again when it leaves the window.
  const over = await sql.query<{ requested_at: Date }>(
    `SELECT requested_at FROM password_reset_requests
      WHERE ip = $1 AND requested_at > $2 AND request_id <= $3
      ORDER BY requested_at DESC, request_id DESC
      LIMIT 1 OFFSET $4`,
    [request.ip, since, requestId, RESET_IP_LIMIT],
  );
  if (!over.rows[0]) return { requestId };
  await sql.query('DELETE FROM password_reset_requests WHERE request_id = $1', [requestId]);
  const until = new Date(over.rows[0].requested_at).getTime() + WINDOW_MS;
  return { retryAfterSeconds: Math.max(1, Math.ceil((until - request.now.getTime()) / 1000)) };
}

/** Temporary passwords sent to this address within the window. */
export async function countSentResets(sql: Sql, emailKey: string, now: Date): Promise<number> {
  const { rows } = await sql.query<{ sent: number | string }>(
    `SELECT count(*) AS sent FROM password_reset_requests
      WHERE email_key = $1 AND sent AND requested_at > $2`,
    [emailKey, new Date(now.getTime() - WINDOW_MS)],
  );
  return Number(rows[0]?.sent ?? 0);
}

export async function markResetSent(sql: Sql, requestId: number): Promise<void> {
  await sql.query('UPDATE password_reset_requests SET sent = true WHERE request_id = $1', [requestId]);
}
