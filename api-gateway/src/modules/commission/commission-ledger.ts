import type { Sql } from '../../db/database';
import { earnedCommissionSql } from './commission-engine';

/**
 * The commission ledger (migration 060, docs/decisions.md, "The commission ledger"): entries per order and
 * affiliate, written by the orders' statement trigger in the transaction that writes the order or its
 * commission. This file reads it.
 *
 * An entry is pending before its available_at and available from then on, unless it is in a payout line that
 * has not failed: then it is in payout (line pending) or paid (line paid).
 */

export const QUALIFIED_STATUSES = ['Delivered', 'Completed'] as const;

/** An affiliate's ledger in naira (2 decimals, as text): the four states add up to `total`. */
export interface LedgerBalances {
  pending: string;
  available: string;
  inPayout: string;
  paid: string;
  total: string;
  /** When the earliest pending money becomes available (ISO), or null with nothing pending. */
  nextAvailableAt: string | null;
}

export async function ledgerBalances(sql: Sql, affiliateId: number, now: Date): Promise<LedgerBalances> {
  const { rows } = await sql.query<{
    pending: string;
    available: string;
    in_payout: string;
    paid: string;
    total: string;
    next_available_at: Date | string | null;
  }>(
    `SELECT coalesce(sum(e.amount) FILTER (WHERE p.line_status IS NULL AND e.available_at > $2), 0)::text AS pending,
            coalesce(sum(e.amount) FILTER (WHERE p.line_status IS NULL AND e.available_at <= $2), 0)::text AS available,
            coalesce(sum(e.amount) FILTER (WHERE p.line_status IN ('pending', 'sending', 'processing')), 0)::text AS in_payout,
            coalesce(sum(e.amount) FILTER (WHERE p.line_status = 'paid'), 0)::text AS paid,
            coalesce(sum(e.amount), 0)::text AS total,
            min(e.available_at) FILTER (WHERE p.line_status IS NULL AND e.available_at > $2
                                          AND e.kind = 'earned' AND NOT e.reversed) AS next_available_at
       FROM commission_entries e
       LEFT JOIN payout_line_entries p
              ON p.entry_id = e.entry_id AND p.line_status IN ('pending', 'sending', 'processing', 'paid')
      WHERE e.affiliate_id = $1`,
    [affiliateId, now],
  );
  const row = rows[0];
  return {
    pending: fixed2(row.pending),
    available: fixed2(row.available),
    inPayout: fixed2(row.in_payout),
    paid: fixed2(row.paid),
    total: fixed2(row.total),
    nextAvailableAt: row.next_available_at === null ? null : new Date(row.next_available_at).toISOString(),
  };
}

/** numeric text to 2 decimals without floating point: '12.5' -> '12.50', '-3' -> '-3.00'. */
function fixed2(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${(fraction + '00').slice(0, 2)}`;
}

/** An affiliate whose ledger does not add up to the engine's commission of its qualified orders. */
export interface LedgerMismatch {
  affiliateId: number;
  ledger: string;
  engine: string;
}

/**
 * Per affiliate (all, or those given): the sum of its entries (earned − reversals ± adjustments − clawbacks)
 * against the engine's commission of its qualified orders, computed afresh from the rates (not read from the
 * orders), to the kobo. Answers the affiliates where the two differ; an empty list is a reconciled ledger.
 */
export async function reconcileLedger(sql: Sql, affiliateIds?: readonly number[]): Promise<LedgerMismatch[]> {
  const earned = earnedCommissionSql({
    affiliateCode: 'a.affiliate_code',
    productCategory: 'o.product_category',
    orderDate: 'o.order_date',
    orderValue: 'o.order_value',
    status: 'o.status',
  });
  const only = affiliateIds ? 'WHERE a.affiliate_id = ANY($1::bigint[])' : '';
  const { rows } = await sql.query<{ affiliate_id: string | number; ledger: string; engine: string }>(
    `WITH engine AS (
       SELECT a.affiliate_id, coalesce(sum(${earned.amount}) FILTER (WHERE o.status IN ('Delivered', 'Completed')), 0) AS amount
         FROM affiliates a
         JOIN orders o ON o.affiliate_id = a.affiliate_id
         ${earned.join}
         ${only}
        GROUP BY a.affiliate_id
     ), ledger AS (
       SELECT e.affiliate_id, sum(e.amount) AS amount
         FROM commission_entries e JOIN affiliates a ON a.affiliate_id = e.affiliate_id
         ${only}
        GROUP BY e.affiliate_id
     )
     SELECT coalesce(engine.affiliate_id, ledger.affiliate_id) AS affiliate_id,
            coalesce(ledger.amount, 0)::text AS ledger, coalesce(engine.amount, 0)::text AS engine
       FROM engine FULL JOIN ledger ON ledger.affiliate_id = engine.affiliate_id
      WHERE coalesce(ledger.amount, 0) <> coalesce(engine.amount, 0)
      ORDER BY 1`,
    affiliateIds ? [affiliateIds.map(String)] : [],
  );
  return rows.map((row) => ({
    affiliateId: Number(row.affiliate_id),
    ledger: fixed2(row.ledger),
    engine: fixed2(row.engine),
  }));
}

/**
 * Orders whose entries do not sum to their own commission (qualified) or to 0 (not qualified): the per-order
 * form of the reconciliation, to name the orders behind an affiliate's mismatch.
 */
export async function unreconciledOrders(sql: Sql, limit = 10): Promise<string[]> {
  const { rows } = await sql.query<{ example: string }>(
    `SELECT o.order_code || ': ' || coalesce(sum(e.amount), 0) || ' in the ledger, '
            || CASE WHEN o.status IN ('Delivered', 'Completed') THEN o.commission_amount ELSE 0 END || ' due' AS example
       FROM orders o LEFT JOIN commission_entries e ON e.order_id = o.order_id
      GROUP BY o.order_id
     HAVING coalesce(sum(e.amount), 0) <> CASE WHEN o.status IN ('Delivered', 'Completed') THEN o.commission_amount ELSE 0 END
      ORDER BY o.order_id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.example);
}
