import { AFFILIATE_CHART_MONTHS } from '@portal/contracts';
import type { AffiliateCommissionMonth } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { monthStart } from '../../lib/business-time';

/**
 * Qualified and projected commission per business month for the AFFILIATE_CHART_MONTHS months ending with
 * `thisMonth` (yyyy-MM-01), oldest first, every month present. Reads at most 12 rows of
 * affiliate_commission_months (its primary key), whatever the number of the affiliate's orders.
 */
export async function affiliateCommissionByMonth(
  sql: Sql,
  affiliateId: number,
  thisMonth: string,
): Promise<AffiliateCommissionMonth[]> {
  const first = monthStart(thisMonth, AFFILIATE_CHART_MONTHS - 1);
  const { rows } = await sql.query<{ month: string; qualified: string; projected: string }>(
    `SELECT to_char(month, 'YYYY-MM') AS month, round(qualified_commission, 2)::text AS qualified,
            round(projected_commission, 2)::text AS projected
       FROM affiliate_commission_months
      WHERE affiliate_id = $1 AND month >= $2::date AND month <= $3::date`,
    [affiliateId, first, thisMonth],
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return Array.from({ length: AFFILIATE_CHART_MONTHS }, (_unused, index) => {
    const month = monthStart(thisMonth, AFFILIATE_CHART_MONTHS - 1 - index).slice(0, 7);
    const row = byMonth.get(month);
    return {
      month,
      qualifiedCommission: row?.qualified ?? '0.00',
      projectedCommission: row?.projected ?? '0.00',
    };
  });
}
