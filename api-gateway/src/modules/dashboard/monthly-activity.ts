import { ADMIN_CHART_MONTHS } from '@portal/contracts';
import type { MonthlyActivity } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { monthStart } from '../../lib/business-time';

/**
 * Registrations and orders per business month for the ADMIN_CHART_MONTHS months ending with `thisMonth`
 * (yyyy-MM-01), oldest first, every month present. At most 12 rows of affiliate_monthly_registrations and
 * ~366 x 5 rows of order_daily_counts are read, whatever the size of the affiliates and orders tables.
 */
export async function monthlyAdminActivity(sql: Sql, thisMonth: string): Promise<MonthlyActivity[]> {
  const first = monthStart(thisMonth, ADMIN_CHART_MONTHS - 1);
  const [registrations, orders] = await Promise.all([
    sql.query<{ month: string; total: string | number }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, total FROM affiliate_monthly_registrations
        WHERE month >= $1::date`,
      [first],
    ),
    sql.query<{ month: string; total: string | number }>(
      `SELECT to_char(date_trunc('month', order_date), 'YYYY-MM') AS month, sum(total) AS total
         FROM order_daily_counts WHERE order_date >= $1::date GROUP BY 1`,
      [first],
    ),
  ]);
  const byMonth = (rows: { month: string; total: string | number }[]) =>
    new Map(rows.map((row) => [row.month, Number(row.total)]));
  const registered = byMonth(registrations.rows);
  const ordered = byMonth(orders.rows);
  return Array.from({ length: ADMIN_CHART_MONTHS }, (_unused, index) => {
    const month = monthStart(thisMonth, ADMIN_CHART_MONTHS - 1 - index).slice(0, 7);
    return { month, registrations: registered.get(month) ?? 0, orders: ordered.get(month) ?? 0 };
  });
}
