import { z } from 'zod';
import { KycQueueAgeing } from './kyc-cases';

/**
 * Recent Activity item (spec §3). activityOn is 'Today', 'Yesterday' or yyyy-MM-dd, counted in the
 * portal's business time zone (`BUSINESS_TIME_ZONE`); the UI colours Today blue, Yesterday green, others grey.
 */
export const ActivityItem = z.object({
  title: z.string(),
  description: z.string(),
  activityOn: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const RECENT_ACTIVITY_LIMIT = 10;

/** Role 2 (spec §3). systemOverview.totalUsers is the card the spec labels "Total KYC Completed". */
export const BackofficeDashboard = z.object({
  applications: z.object({ pending: z.number().int(), active: z.number().int(), total: z.number().int() }),
  systemOverview: z.object({ totalUsers: z.number().int(), activeSessions: z.number().int() }),
  activities: z.array(ActivityItem),
  /** Issue 50: the KYC queue's ageing against its target (beyond the spec's shape). */
  kycQueue: KycQueueAgeing.optional(),
});
export type BackofficeDashboard = z.infer<typeof BackofficeDashboard>;

/** How many months the admin dashboard's chart covers, the current one last. */
export const ADMIN_CHART_MONTHS = 12;

/** One month of the admin dashboard's chart (beyond the spec): month is yyyy-MM in business time. */
export const MonthlyActivity = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  registrations: z.number().int(),
  orders: z.number().int(),
});
export type MonthlyActivity = z.infer<typeof MonthlyActivity>;

/**
 * Role 1 (spec §3). monthlyGrowthPercent compares affiliates registered this month with last month.
 * monthlyActivity (beyond the spec): registrations and orders for each of the last 12 months, oldest first.
 */
export const AdminDashboard = z.object({
  affiliates: z.object({ totalAffiliates: z.number().int(), monthlyGrowthPercent: z.number() }),
  orders: z.object({ totalOrders: z.number().int() }),
  systemStatistics: z.object({
    activeAffiliates: z.number().int(),
    pendingApplications: z.number().int(),
    totalRetailers: z.number().int(),
  }),
  monthlyActivity: z.array(MonthlyActivity),
  /** Issue 51: the back office's Recent Activity (every payout step among it), for the admins who run payouts. */
  activities: z.array(ActivityItem),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

/** Money is a decimal string with two places (naira), never a float. */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/);

/** How many months the affiliate dashboard's commission chart covers, the current one last. */
export const AFFILIATE_CHART_MONTHS = 12;

/**
 * One month of the affiliate's commission chart (beyond the spec): month is yyyy-MM in business time (Lagos);
 * qualifiedCommission is earned on that month's Delivered/Completed orders, projectedCommission on every
 * order of the month but Rejected ones.
 */
export const AffiliateCommissionMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  qualifiedCommission: Money,
  projectedCommission: Money,
});
export type AffiliateCommissionMonth = z.infer<typeof AffiliateCommissionMonth>;

/**
 * Role 3 (spec §3, commission rules DESIGN §5; meanings in docs/decisions.md). affiliateId is the affiliate's
 * code (e.g. AFF100001). "This month" is the calendar month in business time (Africa/Lagos), as on the admin
 * dashboard. qualifiedOrdersMTD: naira value of this month's Delivered/Completed orders; projectedCommission:
 * all-time commission of every order not Rejected; qualifiedCommission: all-time commission of
 * Delivered/Completed orders; monthlyCommission: qualifiedCommission of this month's orders. Beyond the spec:
 * helpDeskEmail (gateway `HELP_DESK_EMAIL`) and commissionByMonth (the last 12 months, oldest first).
 */
export const AffiliateDashboard = z.object({
  affiliateName: z.string(),
  affiliateId: z.string(),
  kycStatus: z.string(),
  notice: z.object({ title: z.string(), description: z.string() }).nullable(),
  commission: z.object({
    qualifiedOrdersMTD: Money,
    projectedCommission: Money,
    qualifiedCommission: Money,
    monthlyCommission: Money,
  }),
  orders: z.object({ completeClosedOrders: z.number().int(), pendingProcessingOrders: z.number().int() }),
  helpDeskEmail: z.string(),
  commissionByMonth: z.array(AffiliateCommissionMonth),
});
export type AffiliateDashboard = z.infer<typeof AffiliateDashboard>;

/** `GET user/dashboard` answers the dashboard of the caller's role. */
export const DashboardResponse = z.union([AdminDashboard, BackofficeDashboard, AffiliateDashboard]);
export type DashboardResponse = AdminDashboard | BackofficeDashboard | AffiliateDashboard;
