import type { AdminOrder, OrderStatus } from '@portal/contracts';
import { ADMIN_STATUS_OF } from '@portal/contracts';
import type { Sql } from '../../db/database';

/** Orders of one business day and stored status, from order_daily_counts (kept in step by triggers). */
export interface DayCount {
  day: string;
  status: OrderStatus;
  total: number;
}

export interface DateRange {
  fromDate?: string;
  toDate?: string;
}

/**
 * The day-and-status counts of a date range, newest day first: at most a row per day and status (about 2,000
 * for a year of orders), read from the summary table's primary key instead of counting the orders.
 */
export async function dayCounts(sql: Sql, range: DateRange): Promise<DayCount[]> {
  const conditions = ['total <> 0'];
  const params: string[] = [];
  if (range.fromDate) {
    params.push(range.fromDate);
    conditions.push(`order_date >= $${params.length}::date`);
  }
  if (range.toDate) {
    params.push(range.toDate);
    conditions.push(`order_date <= $${params.length}::date`);
  }
  const { rows } = await sql.query<{ day: string; status: OrderStatus; total: string | number }>(
    `SELECT order_date::text AS day, status, total FROM order_daily_counts
      WHERE ${conditions.join(' AND ')} ORDER BY order_date DESC`,
    params,
  );
  return rows.map((row) => ({ day: row.day, status: row.status, total: Number(row.total) }));
}

interface OrderDbRow {
  order_code: string;
  order_date: string;
  buyer_name: string;
  order_value: string | number;
  fao_name: string;
  fao_mobile_no: string;
  status: OrderStatus;
}

function toAdminOrder(row: OrderDbRow): AdminOrder {
  return {
    orderID: row.order_code,
    orderDate: row.order_date,
    buyerName: row.buyer_name,
    totalAmount: Number(row.order_value),
    faoName: row.fao_name,
    faoMobileNo: row.fao_mobile_no,
    status: ADMIN_STATUS_OF[row.status],
    orderStatus: row.status,
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
 * The rows of one page window, newest first (order_date DESC, order_id DESC). The window spans only the days
 * the page touches, so the OFFSET inside it is less than one day's orders, never the pages before it. Ids are
 * picked first (one ordered index scan, or one per stored status merged in order), then only the page's rows
 * are read.
 */
export async function ordersInWindow(sql: Sql, window: PageWindow): Promise<AdminOrder[]> {
  const params: unknown[] = [window.oldestDay, window.newestDay, window.limit, window.skip];
  const branch = (statusParam?: number) =>
    `SELECT order_id, order_date FROM orders
      WHERE ${statusParam ? `status = $${statusParam} AND ` : ''}order_date BETWEEN $1::date AND $2::date`;
  let ids: string;
  if (!window.statuses) ids = branch();
  else {
    ids = window.statuses
      .map((status) => {
        params.push(status);
        return branch(params.length);
      })
      .join('\n UNION ALL\n');
  }
  const { rows } = await sql.query<OrderDbRow>(
    `WITH page AS (
       SELECT order_id, order_date FROM (${ids}) AS picked
        ORDER BY order_date DESC, order_id DESC LIMIT $3 OFFSET $4
     )
     SELECT o.order_code, o.order_date::text AS order_date, o.buyer_name, o.order_value, o.fao_name,
            o.fao_mobile_no, o.status
       FROM page p JOIN orders o ON o.order_id = p.order_id
      ORDER BY p.order_date DESC, p.order_id DESC`,
    params,
  );
  return rows.map(toAdminOrder);
}
