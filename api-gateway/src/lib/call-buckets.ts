import type { Sql } from '../db/database';

/** At most `calls` in a row, then one more each `perSeconds / calls` seconds: `calls` per `perSeconds`. */
export interface CallLimit {
  scope: string;
  calls: number;
  perSeconds: number;
}

/**
 * Takes one call from the subject's bucket (a user, an API key), in the database so the limit holds across
 * gateways. The bucket holds up to `calls` tokens and refills at calls / perSeconds a second; a call takes a
 * token or, when less than one is left, is refused and takes nothing. One atomic statement: the row lock
 * makes concurrent calls take tokens one after the other. Answers undefined when the call may go ahead, or
 * the seconds until a token is back (for Retry-After).
 */
export async function takeCall(
  sql: Sql,
  limit: CallLimit,
  subject: string,
  now: Date,
): Promise<number | undefined> {
  const perSecond = limit.calls / limit.perSeconds;
  const { rows } = await sql.query(
    `INSERT INTO call_buckets AS b (scope, subject, tokens, updated_at)
     VALUES ($1, $2, $3::float8 - 1, $5)
     ON CONFLICT (scope, subject) DO UPDATE
        SET tokens = least($3::float8, b.tokens + greatest(0, extract(epoch FROM $5::timestamptz - b.updated_at))::float8 * $4::float8) - 1,
            updated_at = greatest(b.updated_at, $5::timestamptz)
      WHERE least($3::float8, b.tokens + greatest(0, extract(epoch FROM $5::timestamptz - b.updated_at))::float8 * $4::float8) >= 1
     RETURNING tokens`,
    [limit.scope, subject, limit.calls, perSecond, now],
  );
  return rows.length ? undefined : Math.ceil(1 / perSecond);
}
