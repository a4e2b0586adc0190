import type { Sql } from '../src/db/database';
import { earnedCommissionSql } from '../src/modules/commission';

/**
 * The test oracle of the commission ledger (migration 060, functions in migrations/repeatable/functions.sql):
 * what the entries add up to, against the engine's commission computed afresh. Tests only; the balances the
 * product shows are those of modules/payouts/balances.ts.
 */

/** An affiliate whose ledger does not add up to the engine's commission of its qualified orders. */
export interface LedgerMismatch {
  affiliateId: number;
  ledger: string;
  engine: string;
}

/**
 * Per affiliate (all, or those given): the sum of its entries (earned − reversals ± adjustments − clawbacks)
 * against the engine's commission of its qualified orders (an order withheld by a confirmed risk case earns 0), computed afresh from the rates (not read from the
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
       SELECT a.affiliate_id,
              coalesce(sum(${earned.amount}) FILTER (WHERE o.status IN ('Delivered', 'Completed') AND w.order_id IS NULL), 0)
                AS amount
         FROM affiliates a
         JOIN orders o ON o.affiliate_id = a.affiliate_id
         LEFT JOIN risk_withheld_orders w ON w.order_id = o.order_id
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
  const due = `CASE WHEN o.status IN ('Delivered', 'Completed') AND NOT EXISTS (
                   SELECT 1 FROM risk_withheld_orders w WHERE w.order_id = o.order_id)
                 THEN o.commission_amount ELSE 0 END`;
  const { rows } = await sql.query<{ example: string }>(
    `SELECT o.order_code || ': ' || coalesce(sum(e.amount), 0) || ' in the ledger, ' || ${due} || ' due' AS example
       FROM orders o LEFT JOIN commission_entries e ON e.order_id = o.order_id
      GROUP BY o.order_id
     HAVING coalesce(sum(e.amount), 0) <> ${due}
      ORDER BY o.order_id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.example);
}

/** numeric text to 2 decimals without floating point: '12.5' -> '12.50', '-3' -> '-3.00'. */
function fixed2(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${(fraction + '00').slice(0, 2)}`;
}
