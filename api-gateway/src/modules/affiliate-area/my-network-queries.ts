import type { AffiliateOrder, AffiliateOrderStatus, AffiliateRetailer } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { containsPattern } from '../backoffice';

export interface OrderFilter {
  status?: AffiliateOrderStatus;
  fromDate?: string;
  toDate?: string;
  search?: string;
}

interface OrderDbRow {
  order_code: string;
  order_day: string;
  order_value: string | number;
  fao_name: string;
  fao_mobile_no: string;
  status: AffiliateOrderStatus;
}

const ORDER_COLUMNS = `o.order_code, to_char(o.order_date, 'YYYY-MM-DD') AS order_day, o.order_value, o.fao_name,
  o.fao_mobile_no, o.status`;

const toOrder = (row: OrderDbRow): AffiliateOrder => ({
  orderId: row.order_code,
  orderDate: row.order_day,
  orderValue: Number(row.order_value),
  faoName: row.fao_name,
  faoMobileNo: row.fao_mobile_no,
  status: row.status,
});

/**
 * WHERE of one affiliate's orders. The affiliate always comes first, so every query stays inside its range of
 * orders_affiliate_date_idx (or orders_affiliate_status_date_idx with a status, migration 016): another
 * affiliate's orders are never read, let alone answered.
 */
function orderWhere(affiliateId: number, filter: OrderFilter, firstParam: number) {
  const params: unknown[] = [affiliateId];
  const next = (value: unknown) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  const conditions = [`affiliate_id = $${firstParam}`];
  if (filter.status) conditions.push(`status = ${next(filter.status)}`);
  if (filter.fromDate) conditions.push(`order_date >= ${next(filter.fromDate)}::date`);
  if (filter.toDate) conditions.push(`order_date <= ${next(filter.toDate)}::date`);
  if (filter.search) {
    const pattern = next(containsPattern(filter.search));
    conditions.push(
      `(lower(order_code) LIKE ${pattern} OR lower(fao_name) LIKE ${pattern} OR fao_mobile_no LIKE ${pattern})`,
    );
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, params };
}

/** Every order of the affiliate, newest first: the spec's no-parameter answer. */
export async function listAllOrders(sql: Sql, affiliateId: number): Promise<AffiliateOrder[]> {
  const { rows } = await sql.query<OrderDbRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.affiliate_id = $1 ORDER BY o.order_date DESC, o.order_id DESC`,
    [affiliateId],
  );
  return rows.map(toOrder);
}

/**
 * One page, newest first. The page's ids come from the index alone (a deferred join: a deep page skips index
 * entries, not rows) and only the page's rows are read from the table.
 */
export async function pageOrders(
  sql: Sql,
  affiliateId: number,
  filter: OrderFilter,
  pageNo: number,
  pageSize: number,
): Promise<{ results: AffiliateOrder[]; totalCount: number }> {
  const paged = orderWhere(affiliateId, filter, 3);
  const counted = orderWhere(affiliateId, filter, 1);
  const [page, count] = await Promise.all([
    sql.query<OrderDbRow>(
      `WITH page AS (
         SELECT order_id, order_date FROM orders ${paged.where}
          ORDER BY order_date DESC, order_id DESC LIMIT $1 OFFSET $2
       )
       SELECT ${ORDER_COLUMNS}
         FROM page p JOIN orders o ON o.order_id = p.order_id
        ORDER BY p.order_date DESC, p.order_id DESC`,
      [pageSize, (pageNo - 1) * pageSize, ...paged.params],
    ),
    sql.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM orders ${counted.where}`,
      counted.params,
    ),
  ]);
  return { results: page.rows.map(toOrder), totalCount: Number(count.rows[0].total) };
}

interface RetailerDbRow {
  retailer_code: string;
  fao_name: string;
  fao_mobile_no: string;
  cluster_manager: string;
  business_name: string;
  location: string;
}

const RETAILER_COLUMNS =
  'r.retailer_code, r.fao_name, r.fao_mobile_no, r.cluster_manager, r.business_name, r.location';

const toRetailer = (row: RetailerDbRow): AffiliateRetailer => ({
  retailerId: row.retailer_code,
  faoName: row.fao_name,
  faoMobileNo: row.fao_mobile_no,
  clusterManager: row.cluster_manager,
  businessName: row.business_name,
  location: row.location,
});

function retailerWhere(affiliateId: number, search: string | undefined, firstParam: number) {
  if (!search) return { where: `WHERE affiliate_id = $${firstParam}`, params: [affiliateId] as unknown[] };
  const p = `$${firstParam + 1}`;
  return {
    where: `WHERE affiliate_id = $${firstParam} AND (lower(retailer_code) LIKE ${p} OR lower(business_name) LIKE ${p}
              OR lower(fao_name) LIKE ${p} OR fao_mobile_no LIKE ${p} OR lower(cluster_manager) LIKE ${p}
              OR lower(location) LIKE ${p})`,
    params: [affiliateId, containsPattern(search)] as unknown[],
  };
}

/** Every retailer of the affiliate, in the order they joined its network. */
export async function listAllRetailers(sql: Sql, affiliateId: number): Promise<AffiliateRetailer[]> {
  const { rows } = await sql.query<RetailerDbRow>(
    `SELECT ${RETAILER_COLUMNS} FROM retailers r WHERE r.affiliate_id = $1 ORDER BY r.retailer_id`,
    [affiliateId],
  );
  return rows.map(toRetailer);
}

/** One page of the affiliate's retailers (retailers_affiliate_idx: affiliate_id, retailer_id). */
export async function pageRetailers(
  sql: Sql,
  affiliateId: number,
  search: string | undefined,
  pageNo: number,
  pageSize: number,
): Promise<{ results: AffiliateRetailer[]; totalCount: number }> {
  const paged = retailerWhere(affiliateId, search, 3);
  const counted = retailerWhere(affiliateId, search, 1);
  const [page, count] = await Promise.all([
    sql.query<RetailerDbRow>(
      `WITH page AS (
         SELECT retailer_id FROM retailers ${paged.where} ORDER BY retailer_id LIMIT $1 OFFSET $2
       )
       SELECT ${RETAILER_COLUMNS} FROM page p JOIN retailers r ON r.retailer_id = p.retailer_id
        ORDER BY p.retailer_id`,
      [pageSize, (pageNo - 1) * pageSize, ...paged.params],
    ),
    sql.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM retailers ${counted.where}`,
      counted.params,
    ),
  ]);
  return { results: page.rows.map(toRetailer), totalCount: Number(count.rows[0].total) };
}
