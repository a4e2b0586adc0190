import type {
  AdminOrderCount,
  AdminOrderListResponse,
  AdminOrderStatus,
  OrderStatus,
} from '@portal/contracts';
import {
  ADMIN_ORDER_PAGE_SIZE,
  ADMIN_STATUS_OF,
  AdminOrderPageParam,
  storedStatusesOf,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import { parseOrThrow } from '../../http/api-router';
import { type DayCount, dayCounts, ordersInWindow, type PageWindow } from './order-queries';

export interface AdminOrderFilter {
  fromDate?: string;
  toDate?: string;
  /** undefined: ALL. */
  status?: AdminOrderStatus;
}

/** `{page}` of admin/allorder/{page}: 1 or more, else a 400 in words. */
export function orderPageParam(raw: string | undefined): number {
  return parseOrThrow(AdminOrderPageParam, raw ?? '');
}

/** The cards: every order of the range, split into the admin view's two statuses. */
export function countCards(counts: readonly DayCount[]): AdminOrderCount {
  const cards = { totalOrders: 0, pendingOrders: 0, completedOrders: 0 };
  for (const { status, total } of counts) {
    cards.totalOrders += total;
    if (ADMIN_STATUS_OF[status] === 'pending') cards.pendingOrders += total;
    else cards.completedOrders += total;
  }
  return cards;
}

/** The filter's orders per day, newest day first (days without any left out). */
function ordersPerDay(counts: readonly DayCount[], statuses?: readonly OrderStatus[]): [string, number][] {
  const perDay = new Map<string, number>();
  for (const { day, status, total } of counts) {
    if (statuses && !statuses.includes(status)) continue;
    perDay.set(day, (perDay.get(day) ?? 0) + total);
  }
  return [...perDay].filter(([, total]) => total > 0).sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
}

/**
 * Finds the days a page lies on from the daily counts: the day holding the page's first row (and how many of
 * that day's rows come before it), and the day holding its last. Undefined past the end.
 */
export function pageWindow(
  days: readonly [string, number][],
  offset: number,
  limit: number,
): Omit<PageWindow, 'statuses'> | undefined {
  let before = 0;
  let start = 0;
  while (start < days.length && before + days[start][1] <= offset) before += days[start++][1];
  if (start === days.length) return undefined;
  const skip = offset - before;
  let end = start;
  let reach = days[start][1];
  while (reach < skip + limit && end + 1 < days.length) reach += days[++end][1];
  return { newestDay: days[start][0], oldestDay: days[end][0], skip, limit };
}

/**
 * GET admin/allorder[/{page}]: one page of 25, newest first, the filter's total and the range's cards. Totals
 * come from order_daily_counts; the page is read between the days it lies on (keyset by day), so page 4,000
 * costs what page 1 does.
 */
export async function listAdminOrders(
  ctx: AppContext,
  filter: AdminOrderFilter,
  pageNo: number,
): Promise<AdminOrderListResponse> {
  const pageSize = ADMIN_ORDER_PAGE_SIZE;
  const counts = await dayCounts(ctx.db, filter);
  const statuses = filter.status ? storedStatusesOf(filter.status) : undefined;
  const days = ordersPerDay(counts, statuses);
  const totalCount = days.reduce((sum, [, total]) => sum + total, 0);
  const offset = (pageNo - 1) * pageSize;
  const window = offset < totalCount ? pageWindow(days, offset, pageSize) : undefined;
  const results = window ? await ordersInWindow(ctx.db, { ...window, statuses }) : [];
  return { data: { results, totalCount, pageNo, pageSize }, orderCount: countCards(counts) };
}
