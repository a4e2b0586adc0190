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
  const { rows } = await sql.query<{
    qualified_orders_mtd: string;
    projected: string;
    qualified: string;
    monthly: string;
    qualified_orders: string | number;
    open_orders: string | number;
  }>(
    `SELECT round(coalesce(sum(qualified_order_value) FILTER (WHERE month = $2::date), 0), 2)::text AS qualified_orders_mtd,
            round(coalesce(sum(projected_commission), 0), 2)::text AS projected,
            round(coalesce(sum(qualified_commission), 0), 2)::text AS qualified,
            round(coalesce(sum(qualified_commission) FILTER (WHERE month = $2::date), 0), 2)::text AS monthly,
            coalesce(sum(qualified_orders), 0) AS qualified_orders,
            coalesce(sum(open_orders), 0) AS open_orders
       FROM affiliate_commission_months WHERE affiliate_id = $1`,
    [affiliateId, thisMonth],
  );
  const row = rows[0];
  return {
    qualifiedOrdersThisMonth: row.qualified_orders_mtd,
    projectedCommission: row.projected,
    qualifiedCommission: row.qualified,
    qualifiedCommissionThisMonth: row.monthly,
    qualifiedOrders: Number(row.qualified_orders),
    openOrders: Number(row.open_orders),
  };
}
