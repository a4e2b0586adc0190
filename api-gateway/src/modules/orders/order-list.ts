import type { AdminOrderListResponse, AdminOrderStatus } from '@portal/contracts';
import { ADMIN_ORDER_PAGE_SIZE, AdminOrderPageParam, storedStatusesOf } from '@portal/contracts';
import type { AppContext } from '../../context';
import { parseOrThrow } from '../../http/api-router';
import { ordersInWindow, planPage } from './order-queries';

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

/**
 * GET admin/allorder[/{page}]: one page of 25, newest first, the filter's total and the range's cards. Totals
 * and the days the page lies on come from order_daily_counts; the rows are read between those days only
 * (keyset by day), so page 4,000 costs what page 1 does.
 */
export async function listAdminOrders(
  ctx: AppContext,
  filter: AdminOrderFilter,
  pageNo: number,
): Promise<AdminOrderListResponse> {
  const pageSize = ADMIN_ORDER_PAGE_SIZE;
  const statuses = filter.status ? storedStatusesOf(filter.status) : undefined;
  const offset = (pageNo - 1) * pageSize;
  const plan = await planPage(ctx.db, filter, {
    statuses,
    pendingStatuses: storedStatusesOf('pending'),
    offset,
    limit: pageSize,
  });
  const newest = plan.days[0];
  const oldest = plan.days[plan.days.length - 1];
  const results =
    newest && oldest
      ? await ordersInWindow(ctx.db, {
          newestDay: newest.day,
          oldestDay: oldest.day,
          skip: offset - (newest.upToHere - newest.orders),
          limit: pageSize,
          statuses,
        })
      : [];
  return {
    data: { results, totalCount: plan.totalCount, pageNo, pageSize },
    orderCount: {
      totalOrders: plan.rangeTotal,
      pendingOrders: plan.rangePending,
      completedOrders: plan.rangeTotal - plan.rangePending,
    },
  };
}
