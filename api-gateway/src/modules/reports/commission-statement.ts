import type { Sql } from '../../db/database';
import { monthStart } from '../../lib/business-time';
import { EXPORT_PAGE_ROWS } from './login-report';
import { NAIRA_FORMAT, type SheetColumn } from './xlsx-writer';

/** One line of the statement: an order of the month, or the totals line that ends it. */
export interface StatementRow {
  kind: 'order' | 'total';
  orderId: string;
  orderDate: string;
  retailer: string;
  productCategory: string;
  orderValue: number;
  status: string;
  /** What the order earned by the engine's rule (0 for a Rejected order or one no rate applies to). */
  commission: number;
  /** Commission that counts as qualified (Delivered/Completed), the dashboard's Qualified/Monthly Commission. */
  qualifiedCommission: number;
}

const QUALIFIED = new Set(['Delivered', 'Completed']);

/**
 * The affiliate's own orders dated in `month` (yyyy-MM, business calendar), oldest first, read in keyset
 * pages of the (affiliate_id, order_date, order_id) index, then a totals line. Only `affiliateId`'s orders:
 * the caller's id comes from its session, never from the request.
 */
export async function* streamCommissionStatement(
  sql: Sql,
  affiliateId: number,
  month: string,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<StatementRow> {
  const first = `${month}-01`;
  const next = monthStart(first, -1);
  const total = { orderValue: 0, commission: 0, qualified: 0, count: 0 };
  let cursor: { day: string; id: number } | undefined;
  for (;;) {
    const params: unknown[] = [affiliateId, first, next, pageRows];
    let after = '';
    if (cursor) {
      params.push(cursor.day, cursor.id);
      after = `AND (o.order_date, o.order_id) > ($5::date, $6::bigint)`;
    }
    type OrderLine = Omit<StatementRow, 'kind' | 'orderValue' | 'commission' | 'qualifiedCommission'>;
    const { rows } = await sql.query<OrderLine & { id: number; orderValue: string; commission: string }>(
      `SELECT o.order_id AS id, o.order_code AS "orderId", to_char(o.order_date, 'YYYY-MM-DD') AS "orderDate",
              r.business_name AS retailer, o.product_category AS "productCategory",
              o.order_value::text AS "orderValue", o.status, o.commission_amount::text AS commission
         FROM orders o JOIN retailers r ON r.retailer_id = o.retailer_id
        WHERE o.affiliate_id = $1 AND o.order_date >= $2::date AND o.order_date < $3::date ${after}
        ORDER BY o.order_date, o.order_id LIMIT $4`,
      params,
    );
    for (const { id: _id, ...row } of rows) {
      const orderValue = Number(row.orderValue);
      const commission = Number(row.commission);
      const qualifiedCommission = QUALIFIED.has(row.status) ? commission : 0;
      total.orderValue += Math.round(orderValue * 100);
      total.commission += Math.round(commission * 100);
      total.qualified += Math.round(qualifiedCommission * 100);
      total.count += 1;
      yield { kind: 'order', ...row, orderValue, commission, qualifiedCommission };
    }
    if (rows.length < pageRows) break;
    const last = rows[rows.length - 1];
    cursor = { day: last.orderDate, id: last.id };
  }
  // Sums in kobo, so the totals line is exact whatever the number of orders.
  yield {
    kind: 'total',
    orderId: `Total (${total.count} orders)`,
    orderDate: '',
    retailer: '',
    productCategory: '',
    orderValue: total.orderValue / 100,
    status: '',
    commission: total.commission / 100,
    qualifiedCommission: total.qualified / 100,
  };
}

export const COMMISSION_STATEMENT_COLUMNS: readonly SheetColumn<StatementRow>[] = [
  { header: 'Sr No', width: 8, value: (row, index) => (row.kind === 'order' ? index : '') },
  { header: 'Order ID', width: 22, value: (row) => row.orderId },
  { header: 'Order Date', width: 12, value: (row) => row.orderDate },
  { header: 'Retailer', width: 28, value: (row) => row.retailer },
  { header: 'Product Category', width: 18, value: (row) => row.productCategory },
  { header: 'Order Value (NGN)', width: 16, value: (row) => row.orderValue, numFmt: NAIRA_FORMAT },
  { header: 'Order Status', width: 12, value: (row) => row.status },
  { header: 'Commission (NGN)', width: 16, value: (row) => row.commission, numFmt: NAIRA_FORMAT },
  {
    header: 'Qualified Commission (NGN)',
    width: 24,
    value: (row) => row.qualifiedCommission,
    numFmt: NAIRA_FORMAT,
  },
];

export function commissionStatementFileName(affiliateCode: string, month: string): string {
  return `commission-statement-${affiliateCode}-${month}.xlsx`;
}
