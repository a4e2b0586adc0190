import type { AdminOrder, OrderStatus } from '@portal/contracts';
import { ADMIN_STATUS_OF, ORDER_STATUSES } from '@portal/contracts';
import type { Sql } from '../../db/database';

export interface DateRange {
  fromDate?: string;
  toDate?: string;
}

export interface PagePlan {
  /** Every order of the range, and its pending part (the cards; completed is the rest). */
  rangeTotal: number;
  rangePending: number;
  /** Orders of the range with the filter's statuses. */
  totalCount: number;
  /** The days the page's rows lie on, newest first; empty past the end. */
  days: { day: string; orders: number; upToHere: number }[];
}

/**
 * The counts of a date range and the days one page lies on, from order_daily_counts (a row per day and stored
 * status, kept in step by triggers on orders) instead of counting orders: a running total per day, newest
 * first, picks the days that hold rows offset .. offset + limit - 1. Answers a handful of rows.
 */
export async function planPage(
  sql: Sql,
  range: DateRange,
  filter: {
    statuses?: readonly OrderStatus[];
    pendingStatuses: readonly OrderStatus[];
    offset: number;
    limit: number;
  },
): Promise<PagePlan> {
  const params: unknown[] = [filter.statuses ?? null, filter.pendingStatuses, filter.offset, filter.limit];
  const conditions: string[] = [];
  if (range.fromDate) conditions.push(`order_date >= $${params.push(range.fromDate)}::date`);
  if (range.toDate) conditions.push(`order_date <= $${params.push(range.toDate)}::date`);
  const { rows } = await sql.query<{
    day: string | null;
    a: string | number | null;
    b: string | number | null;
    c: string | number | null;
  }>(
    `WITH per_day AS (
       SELECT order_date, sum(total) AS all_orders,
              sum(total) FILTER (WHERE status = ANY($2::text[])) AS pending_orders,
              sum(total) FILTER (WHERE $1::text[] IS NULL OR status = ANY($1::text[])) AS orders
         FROM order_daily_counts ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        GROUP BY order_date
     ), running AS (
       SELECT order_date, orders,
              sum(orders) OVER (ORDER BY order_date DESC ROWS UNBOUNDED PRECEDING) AS up_to_here
         FROM per_day WHERE orders > 0
     )
     SELECT NULL::text AS day, sum(all_orders) AS a, sum(pending_orders) AS b, sum(orders) AS c FROM per_day
     UNION ALL
     SELECT order_date::text, orders, up_to_here, NULL FROM running
      WHERE up_to_here > $3 AND up_to_here - orders < $3 + $4`,
    params,
  );
  const totals = rows.find((row) => row.day === null);
  return {
    rangeTotal: Number(totals?.a ?? 0),
    rangePending: Number(totals?.b ?? 0),
    totalCount: Number(totals?.c ?? 0),
    days: rows
      .filter((row): row is typeof row & { day: string } => row.day !== null)
      .map((row) => ({ day: row.day, orders: Number(row.a), upToHere: Number(row.b) }))
      .sort((x, y) => (x.day < y.day ? 1 : x.day > y.day ? -1 : 0)),
  };
}

/** Where a page lies: between two days (both inclusive), after skipping some rows of the newest one. */
export interface PageWindow {
  newestDay: string;
  oldestDay: string;
  /** Rows of `newestDay` (in the filter) that belong to earlier pages. */
  skip: number;
  limit: number;
  /** The stored statuses to show; undefined for all. */
  statuses?: readonly OrderStatus[];
}

/**
 * `status IN (...)` for stored statuses, written out: the partial indexes of migration 011 serve a query only when
 * the planner can see its list. The values come from ORDER_STATUSES, never from a request.
 */
function statusList(statuses: readonly OrderStatus[]): string {
  return statuses
    .map((status) => {
      if (!ORDER_STATUSES.includes(status)) throw new Error(`Unknown order status ${status}`);
      return `'${status}'`;
    })
    .join(', ');
}

/**
 * The rows of one page window, newest first (order_date DESC, order_id DESC). The window spans only the days
 * the page touches, so the OFFSET inside it is less than one day's orders, never the pages before it. Ids are
 * picked first with one ordered index scan (orders_date_idx for ALL, orders_pending_date_idx or
 * orders_completed_date_idx for a status), then only the page's rows are read.
 */
export async function ordersInWindow(sql: Sql, window: PageWindow): Promise<AdminOrder[]> {
  const status = window.statuses ? `status IN (${statusList(window.statuses)}) AND ` : '';
  const { rows } = await sql.query<Omit<AdminOrder, 'status'>>(
    `WITH page AS (
       SELECT order_id, order_date FROM orders
        WHERE ${status}order_date BETWEEN $1::date AND $2::date
        ORDER BY order_date DESC, order_id DESC LIMIT $3 OFFSET $4
     )
     SELECT o.order_code AS "orderID", o.order_date::text AS "orderDate", o.buyer_name AS "buyerName",
            o.order_value::float8 AS "totalAmount", o.fao_name AS "faoName", o.fao_mobile_no AS "faoMobileNo",
            o.status AS "orderStatus"
       FROM page p JOIN orders o ON o.order_id = p.order_id
      ORDER BY p.order_date DESC, p.order_id DESC`,
    [window.oldestDay, window.newestDay, window.limit, window.skip],
  );
  return rows.map((row) => ({ ...row, status: ADMIN_STATUS_OF[row.orderStatus] }));
}
