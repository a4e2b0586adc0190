import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { LINE_UNDER_RISK_REVIEW_SQL, PAYSTACK_RAIL } from '../payouts';

// The statements of paying a run through Paystack other than status moves (those are the payouts module's
// status-moves.ts): the run's lease, the lines to send, the recipients kept per account.

/** A pending line as the job sends it. */
export interface PendingLine {
  payout_line_id: string | number;
  reference: string;
  net_kobo: string | number;
  bank_code: string;
  account_number_sealed: string;
  account_name: string | null;
  paystack_recipient_code: string | null;
}

/**
 * Takes the lease of one executing Paystack run whose lease is free (or run out) and that has lines pending;
 * null when there is none.
 */
export async function leaseNextRun(
  sql: Sql,
  now: Date,
  lease: Date,
): Promise<{ runId: number; balanceCheckedAt: Date | null } | null> {
  const { rows } = await sql.query<{ payout_run_id: string | number; balance_checked_at: Date | null }>(
    `UPDATE payout_runs SET execution_lease_until = $2
      WHERE payout_run_id = (
              SELECT r.payout_run_id FROM payout_runs r
               WHERE r.status = 'executing' AND r.provider = $3
                 AND (r.execution_lease_until IS NULL OR r.execution_lease_until < $1)
                 AND EXISTS (SELECT 1 FROM payout_lines l
                              WHERE l.payout_run_id = r.payout_run_id AND l.status = 'pending'
                                AND NOT ${LINE_UNDER_RISK_REVIEW_SQL})
               ORDER BY r.payout_run_id LIMIT 1
               FOR UPDATE SKIP LOCKED)
      RETURNING payout_run_id, balance_checked_at`,
    [now, lease, PAYSTACK_RAIL.id],
  );
  return rows[0]
    ? { runId: Number(rows[0].payout_run_id), balanceCheckedAt: rows[0].balance_checked_at }
    : null;
}

/** Renews the lease while this gateway still holds it (`lease` unchanged); answers whether it held. */
export async function renewLease(tx: Sql, runId: number, lease: Date, nextLease: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payout_runs SET execution_lease_until = $3
      WHERE payout_run_id = $1 AND status = 'executing' AND execution_lease_until = $2`,
    [runId, lease, nextLease],
  );
  return Boolean(rowCount);
}

/** Lets the run go for the next pass (or another gateway) unless someone else holds it now. */
export async function releaseLease(sql: Sql, runId: number, lease: Date): Promise<void> {
  await sql.query(
    `UPDATE payout_runs SET execution_lease_until = NULL
      WHERE payout_run_id = $1 AND execution_lease_until = $2`,
    [runId, lease],
  );
}

/** The next `limit` pending lines of the run not under risk review, in line order. */
export async function pendingLines(sql: Sql, runId: number, limit: number): Promise<PendingLine[]> {
  const { rows } = await sql.query<PendingLine>(
    `SELECT payout_line_id, reference, (net * 100)::bigint AS net_kobo, bank_code, account_number_sealed,
            account_name, paystack_recipient_code
       FROM payout_lines l WHERE l.payout_run_id = $1 AND l.status = 'pending' AND NOT ${LINE_UNDER_RISK_REVIEW_SQL}
      ORDER BY payout_line_id LIMIT $2`,
    [runId, limit],
  );
  return rows;
}

/** Each pending line's net in kobo (a line under risk review included: it may be let go). */
export async function pendingNetsKobo(sql: Sql, runId: number): Promise<bigint[]> {
  const { rows } = await sql.query<{ net_kobo: string | number }>(
    `SELECT (net * 100)::bigint AS net_kobo FROM payout_lines WHERE payout_run_id = $1 AND status = 'pending'`,
    [runId],
  );
  return rows.map((row) => BigInt(row.net_kobo));
}

/** The provider's note on an executing run (null clears it); `balanceChecked` records the balance as enough. */
export async function noteOnRun(
  ctx: AppContext,
  runId: number,
  message: string | null,
  balanceChecked = false,
): Promise<void> {
  await ctx.db.query(
    `UPDATE payout_runs SET provider_message = $2, updated_at = $3,
            balance_checked_at = CASE WHEN $4::boolean THEN $3 ELSE balance_checked_at END
      WHERE payout_run_id = $1 AND status = 'executing'`,
    [runId, message, ctx.now(), balanceChecked],
  );
}

/** The recipient codes kept for these account keys (paystack_transfer_recipients, migration 062). */
export async function keptRecipients(sql: Sql, keys: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await sql.query<{ account_key: string; recipient_code: string }>(
    `SELECT account_key, recipient_code FROM paystack_transfer_recipients WHERE account_key = ANY ($1::text[])`,
    [keys],
  );
  return new Map(rows.map((row) => [row.account_key, row.recipient_code]));
}

/** Keeps an account's recipient code; of two gateways keeping one at once, the first kept wins: answers it. */
export async function keepRecipient(sql: Sql, key: string, code: string, at: Date): Promise<string> {
  const { rows } = await sql.query<{ recipient_code: string }>(
    `INSERT INTO paystack_transfer_recipients (account_key, recipient_code, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (account_key) DO UPDATE SET recipient_code = paystack_transfer_recipients.recipient_code
     RETURNING recipient_code`,
    [key, code, at],
  );
  return rows[0].recipient_code;
}

/** The ids of the lines with these references. */
export async function lineIdsOf(sql: Sql, references: readonly string[]): Promise<number[]> {
  const { rows } = await sql.query<{ payout_line_id: string | number }>(
    `SELECT payout_line_id FROM payout_lines WHERE reference = ANY ($1::text[])`,
    [references],
  );
  return rows.map((row) => Number(row.payout_line_id));
}

/** A line sent or being sent, as the reconciler asks Paystack about it. */
export interface StaleLine {
  payout_line_id: string | number;
  status: string;
  reference: string;
  net_kobo: string | number;
  paystack_recipient_code: string | null;
}

/**
 * Up to `limit` lines of Paystack runs 'sending' or 'processing' with no news since `before`, each claimed by
 * moving its updated_at to `now` (a lease: another gateway's reconciler skips it).
 */
export async function claimStaleLines(
  sql: Sql,
  before: Date,
  now: Date,
  limit: number,
): Promise<StaleLine[]> {
  const { rows } = await sql.query<StaleLine>(
    `UPDATE payout_lines SET updated_at = $2
      WHERE payout_line_id IN (
              SELECT l.payout_line_id FROM payout_lines l
                JOIN payout_runs r ON r.payout_run_id = l.payout_run_id
               WHERE l.status IN ('sending', 'processing') AND l.updated_at < $1 AND r.provider = $4
               ORDER BY l.updated_at, l.payout_line_id LIMIT $3
               FOR UPDATE OF l SKIP LOCKED)
      RETURNING payout_line_id, status, reference, (net * 100)::bigint AS net_kobo, paystack_recipient_code`,
    [before, now, limit, PAYSTACK_RAIL.id],
  );
  return rows;
}

/** Executing Paystack runs with no line left waiting (to complete). */
export async function settledExecutingRuns(sql: Sql): Promise<number[]> {
  const { rows } = await sql.query<{ payout_run_id: string | number }>(
    `SELECT r.payout_run_id FROM payout_runs r
      WHERE r.status = 'executing' AND r.provider = $1
        AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.payout_run_id = r.payout_run_id
                         AND l.status IN ('pending', 'sending', 'processing'))`,
    [PAYSTACK_RAIL.id],
  );
  return rows.map((row) => Number(row.payout_run_id));
}
