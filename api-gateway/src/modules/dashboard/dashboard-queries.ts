import type { AdminDashboard, AffiliateDashboard, BackofficeDashboard } from '@portal/contracts';
import { RECENT_ACTIVITY_LIMIT } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { describeAudit, listRecentAudit } from '../audit';
import { affiliateCommissionTotals } from '../commission';
import { queueAgeing } from '../kyc-cases';
import { latestNoticeFor } from '../notifications';
import { activityOn, businessDay, monthStart } from '../../lib/business-time';
import { affiliateCommissionByMonth } from './affiliate-commission-months';
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
  const [counts, sessions, recent, kycQueue] = await Promise.all([
    statusCounts(sql),
    sql.query<{ live: string | number }>(
      'SELECT count(*) AS live FROM sessions WHERE revoked_at IS NULL AND expires_at > $1',
      [now],
    ),
    listRecentAudit(sql, RECENT_ACTIVITY_LIMIT),
    queueAgeing(sql, now),
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
    kycQueue,
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
  const [counts, orders, retailers, monthlyActivity, recent] = await Promise.all([
    statusCounts(sql),
    sql.query<{ total: string | number | null }>('SELECT sum(total) AS total FROM order_daily_counts'),
    sql.query<{ total: string | number }>('SELECT total FROM retailer_counts'),
    monthlyAdminActivity(sql, thisMonth),
    listRecentAudit(sql, RECENT_ACTIVITY_LIMIT),
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
    activities: recent.map((row) => ({ ...describeAudit(row), activityOn: activityOn(row.createdAt, now) })),
  };
}

/**
 * Role 3 (DESIGN §5; meanings in docs/decisions.md). Every money figure and count comes from the commission
 * engine's monthly summary (affiliate_commission_months, kept by the orders triggers): the affiliate's
 * month rows are read by primary key, never its orders. "This month" is the calendar month in Lagos.
 */
export async function affiliateDashboard(
  sql: Sql,
  affiliateId: number,
  now: Date,
  helpDeskEmail: string,
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
  const thisMonth = monthStart(businessDay(now));
  const [totals, notice, commissionByMonth] = await Promise.all([
    affiliateCommissionTotals(sql, affiliateId, thisMonth),
    latestNoticeFor(sql, affiliate.country_id),
    affiliateCommissionByMonth(sql, affiliateId, thisMonth),
  ]);
  return {
    affiliateName: affiliate.full_name,
    affiliateId: affiliate.affiliate_code,
    kycStatus: affiliate.status,
    notice,
    commission: {
      qualifiedOrdersMTD: totals.qualifiedOrdersThisMonth,
      projectedCommission: totals.projectedCommission,
      qualifiedCommission: totals.qualifiedCommission,
      monthlyCommission: totals.qualifiedCommissionThisMonth,
    },
    orders: {
      completeClosedOrders: totals.qualifiedOrders,
      pendingProcessingOrders: totals.openOrders,
    },
    helpDeskEmail,
    commissionByMonth,
  };
}
