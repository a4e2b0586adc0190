import type { Sql } from '../../db/database';

/** An affiliate's money (naira, 2 decimals, as text) and order counts, from the monthly summary. */
export interface CommissionTotals {
  qualifiedOrdersThisMonth: string;
  projectedCommission: string;
  qualifiedCommission: string;
  qualifiedCommissionThisMonth: string;
  qualifiedOrders: number;
  openOrders: number;
}

/**
 * Reads affiliate_commission_months (one row per month with orders, kept in step by the orders triggers):
 * all-time totals, and this month's: the row of `thisMonth` (yyyy-MM-01) only, so an order dated in a later
 * month (the feed accepts future dates) is not counted as this month's.
 */
export async function affiliateCommissionTotals(
  sql: Sql,
  affiliateId: number,
  thisMonth: string,
): Promise<CommissionTotals> {
  const { rows } = await sql.query<CommissionTotals>(
    `SELECT round(coalesce(sum(qualified_order_value) FILTER (WHERE month = $2::date), 0), 2)::text
              AS "qualifiedOrdersThisMonth",
            round(coalesce(sum(projected_commission), 0), 2)::text AS "projectedCommission",
            round(coalesce(sum(qualified_commission), 0), 2)::text AS "qualifiedCommission",
            round(coalesce(sum(qualified_commission) FILTER (WHERE month = $2::date), 0), 2)::text
              AS "qualifiedCommissionThisMonth",
            coalesce(sum(qualified_orders), 0)::bigint AS "qualifiedOrders",
            coalesce(sum(open_orders), 0)::bigint AS "openOrders"
       FROM affiliate_commission_months WHERE affiliate_id = $1`,
    [affiliateId, thisMonth],
  );
  return rows[0];
}
