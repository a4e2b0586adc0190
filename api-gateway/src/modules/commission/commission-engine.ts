import { arrayLiteral, type Sql } from '../../db/database';
import { lockRatesShared } from './rates-lock';

/** The SQL expressions of one order the rule reads; each is a column or parameter expression. */
export interface OrderTerms {
  affiliateCode: string;
  productCategory: string;
  orderDate: string;
  orderValue: string;
  status: string;
}

/**
 * DESIGN §5, the one place the rule is written: an order earns orderValue × rate of the newest rate row for
 * its affiliate and category effective on or before the order date, when the value reaches that row's
 * minimum, rounded to kobo. A Rejected order earns nothing. `join` is a LEFT JOIN LATERAL naming the row
 * `earned_rate`; `rateDate` and `amount` are what the order stores: the rate row it used is named by its
 * effective date, the order's own affiliate and category completing that row's key.
 */
export function earnedCommissionSql(o: OrderTerms): { join: string; rateDate: string; amount: string } {
  return {
    join: `LEFT JOIN LATERAL (
             SELECT cr.effective_date, cr.rate_percent, cr.minimum_order_value FROM commission_rates cr
              WHERE cr.affiliate_code = ${o.affiliateCode} AND cr.product_category = ${o.productCategory}
                AND cr.effective_date <= ${o.orderDate}
              ORDER BY cr.effective_date DESC LIMIT 1
           ) AS earned_rate ON true`,
    rateDate: 'earned_rate.effective_date',
    amount: `CASE WHEN ${o.status} <> 'Rejected' AND ${o.orderValue} >= earned_rate.minimum_order_value
                  THEN round(${o.orderValue} * earned_rate.rate_percent / 100, 2) ELSE 0 END`,
  };
}

/**
 * Rewrites the stored commission of the orders `from` yields (as `o`, each with its affiliate as `a`, no
 * order twice), touching only the orders whose amount or rate row changes; the summary table follows through
 * the orders triggers. Answers how many orders changed.
 */
async function recompute(sql: Sql, from: string, params: readonly unknown[]): Promise<number> {
  const earned = earnedCommissionSql({
    affiliateCode: 'a.affiliate_code',
    productCategory: 'o.product_category',
    orderDate: 'o.order_date',
    orderValue: 'o.order_value',
    status: 'o.status',
  });
  const { rowCount } = await sql.query(
    `UPDATE orders t
        SET commission_amount = e.amount, commission_rate_date = e.rate_date
       FROM (
         SELECT o.order_id, ${earned.rateDate} AS rate_date, ${earned.amount} AS amount
           FROM ${from}
           ${earned.join}
       ) e
      WHERE t.order_id = e.order_id
        AND (t.commission_amount, t.commission_rate_date) IS DISTINCT FROM (e.amount, e.rate_date)`,
    params,
  );
  return rowCount;
}

/** Recomputes the given orders (after they arrived or changed by a path other than the ingestion's own). */
export async function recomputeCommissionForOrders(
  sql: Sql,
  orderIds: readonly (number | string)[],
): Promise<number> {
  if (orderIds.length === 0) return 0;
  await lockRatesShared(sql);
  return recompute(
    sql,
    `orders o JOIN affiliates a ON a.affiliate_id = o.affiliate_id AND o.order_id = ANY($1::bigint[])`,
    [orderIds.map(String)],
  );
}

/** A rate row that was added, replaced or removed: only orders of that affiliate and category on or after its date can change. */
export interface ChangedRate {
  affiliateCode: string;
  productCategory: string;
  /** yyyy-MM-dd, or a Date read as its UTC calendar day. */
  effectiveDate: string | Date;
}

const calendarDay = (value: string | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

/**
 * Recomputes every order the changed rate rows can apply to (a backdated rate changes past orders), in the
 * caller's transaction `sql`, after the rates are stored. `cause` (e.g. 'rate upload 12') is added to the
 * reasons of the ledger entries the changes write. Answers how many orders changed.
 */
export async function recomputeCommissionForRates(
  sql: Sql,
  rates: readonly ChangedRate[],
  cause?: string,
): Promise<number> {
  if (rates.length === 0) return 0;
  // The ledger's reversal and adjustment entries name what recomputed them (migration 060).
  if (cause) await sql.query("SELECT set_config('portal.commission_cause', $1, true)", [cause]);
  // Per affiliate and category only the earliest date matters: every later order is covered by it. Nested
  // maps of the rates' own strings: no key string made per rate (an upload hands over 100k rates at its end).
  const earliest = new Map<string, Map<string, string>>();
  for (const rate of rates) {
    const day = calendarDay(rate.effectiveDate);
    let byCategory = earliest.get(rate.affiliateCode);
    if (!byCategory) earliest.set(rate.affiliateCode, (byCategory = new Map()));
    const known = byCategory.get(rate.productCategory);
    if (known === undefined || day < known) byCategory.set(rate.productCategory, day);
  }
  const codes: string[] = [];
  const categories: string[] = [];
  const days: string[] = [];
  for (const [code, byCategory] of earliest)
    for (const [category, day] of byCategory) {
      codes.push(code);
      categories.push(category);
      days.push(day);
    }
  return recompute(
    sql,
    `unnest($1::text[], $2::text[], $3::date[]) AS c(affiliate_code, product_category, since)
     JOIN affiliates a ON a.affiliate_code = c.affiliate_code
     JOIN orders o ON o.affiliate_id = a.affiliate_id AND o.product_category = c.product_category
                  AND o.order_date >= c.since`,
    [arrayLiteral(codes), arrayLiteral(categories), arrayLiteral(days)],
  );
}
