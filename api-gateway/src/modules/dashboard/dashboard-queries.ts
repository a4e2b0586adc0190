import type { AdminDashboard, AffiliateDashboard, BackofficeDashboard } from '@portal/contracts';
import { RECENT_ACTIVITY_LIMIT } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { describeAudit, listRecentAudit } from '../audit';
import { latestNoticeFor } from '../notifications';
import { activityOn, businessDay, monthStart } from '../../lib/business-time';
import { monthlyAdminActivity } from './monthly-activity';

async function statusCounts(sql: Sql): Promise<Record<string, number>> {
  const { rows } = await sql.query<{ status: string; total: string | number }>(
    'SELECT status, total FROM affiliate_status_counts',
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.total)]));
}

const sum = (counts: Record<string, number>) =>
  Object.values(counts).reduce((total, value) => total + value, 0);

/** Role 2. Counts come from affiliate_status_counts and the live-sessions index, never from scanning big tables. */
export async function backofficeDashboard(sql: Sql, now: Date): Promise<BackofficeDashboard> {
  const [counts, sessions, recent] = await Promise.all([
    statusCounts(sql),
    sql.query<{ live: string | number }>(
      'SELECT count(*) AS live FROM sessions WHERE revoked_at IS NULL AND expires_at > $1',
      [now],
    ),
    listRecentAudit(sql, RECENT_ACTIVITY_LIMIT),
  ]);
  return {
    applications: {
      pending: counts['KYC Pending'] ?? 0,
      active: counts['KYC Complete'] ?? 0,
      total: sum(counts),
    },
    systemOverview: {
      totalUsers: counts['KYC Complete'] ?? 0,
      activeSessions: Number(sessions.rows[0].live),
    },
    activities: recent.map((row) => ({ ...describeAudit(row), activityOn: activityOn(row.createdAt, now) })),
  };
}

/** Growth of registrations: this month so far against the whole of last month, in percent with one decimal. */
export function growthPercent(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
}

/**
 * Role 1. Every figure comes from a summary table kept by triggers (affiliate_status_counts,
 * affiliate_monthly_registrations, order_daily_counts, retailer_counts), never from counting a big table.
 */
export async function adminDashboard(sql: Sql, now: Date): Promise<AdminDashboard> {
  const thisMonth = monthStart(businessDay(now));
  const [counts, orders, retailers, monthlyActivity] = await Promise.all([
    statusCounts(sql),
    sql.query<{ total: string | number | null }>('SELECT sum(total) AS total FROM order_daily_counts'),
    sql.query<{ total: string | number }>('SELECT total FROM retailer_counts'),
    monthlyAdminActivity(sql, thisMonth),
  ]);
  const [lastMonth, currentMonth] = monthlyActivity.slice(-2);
  return {
    affiliates: {
      totalAffiliates: sum(counts),
      monthlyGrowthPercent: growthPercent(currentMonth.registrations, lastMonth.registrations),
    },
    orders: { totalOrders: Number(orders.rows[0].total ?? 0) },
    systemStatistics: {
      activeAffiliates: counts['KYC Complete'] ?? 0,
      pendingApplications: counts['KYC Pending'] ?? 0,
      totalRetailers: Number(retailers.rows[0]?.total ?? 0),
    },
    monthlyActivity,
  };
}

/**
 * Role 3 (DESIGN §5). Each order earns order value x rate of the newest rate row for its affiliate and
 * category effective on or before the order date, when the value reaches that row's minimum; amounts are
 * rounded to kobo per order. Qualified: Delivered or Completed. Projected: every status but Rejected.
 */
export async function affiliateDashboard(
  sql: Sql,
  affiliateId: number,
  now: Date,
): Promise<AffiliateDashboard | undefined> {
  const { rows } = await sql.query<{
    affiliate_code: string;
    full_name: string;
    status: string;
    country_id: number;
  }>('SELECT affiliate_code, full_name, status, country_id FROM affiliates WHERE affiliate_id = $1', [
    affiliateId,
  ]);
  const affiliate = rows[0];
  if (!affiliate) return undefined;
  const firstOfMonth = monthStart(businessDay(now));
  const [money, notice] = await Promise.all([
    sql.query<{
      qualified_orders_mtd: string;
      projected: string;
      qualified: string;
      monthly: string;
      complete_closed: string | number;
      pending_processing: string | number;
    }>(
      `WITH earned AS (
         SELECT o.order_value, o.status, o.order_date,
                CASE WHEN r.rate_percent IS NOT NULL AND o.order_value >= r.minimum_order_value
                     THEN round(o.order_value * r.rate_percent / 100, 2) ELSE 0 END AS commission
           FROM orders o
           LEFT JOIN LATERAL (
             SELECT cr.rate_percent, cr.minimum_order_value FROM commission_rates cr
              WHERE cr.affiliate_code = $2 AND cr.product_category = o.product_category AND cr.effective_date <= o.order_date
              ORDER BY cr.effective_date DESC LIMIT 1
           ) r ON true
          WHERE o.affiliate_id = $1
       )
       SELECT coalesce(sum(order_value) FILTER (WHERE status IN ('Delivered', 'Completed') AND order_date >= $3::date), 0)::numeric(16, 2)::text AS qualified_orders_mtd,
              coalesce(sum(commission) FILTER (WHERE status <> 'Rejected'), 0)::numeric(16, 2)::text AS projected,
              coalesce(sum(commission) FILTER (WHERE status IN ('Delivered', 'Completed')), 0)::numeric(16, 2)::text AS qualified,
              coalesce(sum(commission) FILTER (WHERE status IN ('Delivered', 'Completed') AND order_date >= $3::date), 0)::numeric(16, 2)::text AS monthly,
              count(*) FILTER (WHERE status IN ('Delivered', 'Completed')) AS complete_closed,
              count(*) FILTER (WHERE status IN ('Pending', 'Processing')) AS pending_processing
         FROM earned`,
      [affiliateId, affiliate.affiliate_code, firstOfMonth],
    ),
    latestNoticeFor(sql, affiliate.country_id),
  ]);
  const m = money.rows[0];
  return {
    affiliateName: affiliate.full_name,
    affiliateId: affiliate.affiliate_code,
    kycStatus: affiliate.status,
    notice,
    commission: {
      qualifiedOrdersMTD: m.qualified_orders_mtd,
      projectedCommission: m.projected,
      qualifiedCommission: m.qualified,
      monthlyCommission: m.monthly,
    },
    orders: {
      completeClosedOrders: Number(m.complete_closed),
      pendingProcessingOrders: Number(m.pending_processing),
    },
  };
}
