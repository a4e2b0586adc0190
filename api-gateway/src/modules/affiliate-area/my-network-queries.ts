import type { AffiliateOrder, AffiliateOrderStatus, AffiliateRetailer } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { containsPattern } from '../backoffice';

export interface OrderFilter {
  status?: AffiliateOrderStatus;
  fromDate?: string;
  toDate?: string;
  search?: string;
}

/** An AffiliateOrder's fields, named as in contracts. */
const ORDER_COLUMNS = `o.order_code AS "orderId", to_char(o.order_date, 'YYYY-MM-DD') AS "orderDate",
  o.order_value::float8 AS "orderValue", o.fao_name AS "faoName", o.fao_mobile_no AS "faoMobileNo", o.status`;

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
  const { rows } = await sql.query<AffiliateOrder>(
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.affiliate_id = $1 ORDER BY o.order_date DESC, o.order_id DESC`,
    [affiliateId],
  );
  return rows;
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
    sql.query<AffiliateOrder>(
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
  return { results: page.rows, totalCount: Number(count.rows[0].total) };
}

/** An AffiliateRetailer's fields, named as in contracts. */
const RETAILER_COLUMNS = `r.retailer_code AS "retailerId", r.fao_name AS "faoName", r.fao_mobile_no AS "faoMobileNo",
  r.cluster_manager AS "clusterManager", r.business_name AS "businessName", r.location`;

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
  const { rows } = await sql.query<AffiliateRetailer>(
    `SELECT ${RETAILER_COLUMNS} FROM retailers r WHERE r.affiliate_id = $1 ORDER BY r.retailer_id`,
    [affiliateId],
  );
  return rows;
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
    sql.query<AffiliateRetailer>(
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
  return { results: page.rows, totalCount: Number(count.rows[0].total) };
}
