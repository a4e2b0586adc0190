import type { Scoped } from './identity-signals';

/**
 * Signals about what an affiliate's orders do (issue 49): cancellations after commission was earned, order
 * bursts, values placed just above a rate's minimum. Same shape as identity-signals.ts. Parameters: $1 the
 * affiliates (bigint[]; NULL for a scan), $2 now, then what each names.
 */

const inScope = (scoped: Scoped, column: string) =>
  scoped ? `${column} = ANY($1::bigint[])` : '$1::bigint[] IS NULL';

/**
 * Of the orders whose commission was earned in the window ($3 days), the share no longer qualifying (returned,
 * rejected: their commission reversed) is at least $4 percent, over at least $5 such orders.
 */
export function cancellations(scoped: Scoped): string {
  return `
  WITH earned AS (
    SELECT DISTINCT e.affiliate_id, e.order_id FROM commission_entries e
     WHERE e.kind = 'earned' AND e.created_at >= $2::timestamptz - make_interval(days => $3::int)
       AND ${inScope(scoped, 'e.affiliate_id')}),
  judged AS (
    SELECT x.affiliate_id, o.order_id, o.order_code, o.status, o.order_value, o.order_date,
           o.status NOT IN ('Delivered', 'Completed') AS lost
      FROM earned x JOIN orders o ON o.order_id = x.order_id)
  SELECT affiliate_id,
         (CASE WHEN count(*) FILTER (WHERE lost) * 100 >= least(100, 2 * $4::numeric) * count(*) THEN 3 ELSE 2 END)::smallint
           AS severity,
         count(*) FILTER (WHERE lost) || ' of ' || count(*) || ' orders that earned commission in ' || $3::int
           || ' days no longer qualify' AS summary,
         jsonb_build_object(
           'rows', jsonb_agg(jsonb_build_object('type', 'order', 'orderId', order_id, 'orderCode', order_code,
                             'status', status, 'orderValue', order_value::text, 'orderDate', order_date::text)
                             ORDER BY order_id) FILTER (WHERE lost),
           'figures', jsonb_build_object('earnedOrders', count(*), 'lostOrders', count(*) FILTER (WHERE lost),
                                         'windowDays', $3::int)) AS evidence,
         md5(string_agg(order_id::text, ',' ORDER BY order_id) FILTER (WHERE lost)) AS evidence_key
    FROM judged
   GROUP BY affiliate_id
  HAVING count(*) >= $5::int AND count(*) FILTER (WHERE lost) > 0
     AND count(*) FILTER (WHERE lost) * 100 >= $4::numeric * count(*)`;
}

/**
 * $3 today. An affiliate's or one of its retailers' orders on a day of the last 7 (or over those 7 days) at least $5
 * times its own daily (weekly) average of the $4 days before, and at least $6 orders.
 */
export function orderBurst(scoped: Scoped): string {
  return `
  WITH daily AS (
    SELECT o.affiliate_id, o.retailer_id, o.order_date, count(*) AS n
      FROM orders o
     WHERE o.order_date > $3::date - ($4::int + 7) AND o.order_date <= $3::date
       AND ${inScope(scoped, 'o.affiliate_id')}
     GROUP BY GROUPING SETS ((o.affiliate_id, o.order_date), (o.affiliate_id, o.retailer_id, o.order_date))),
  baseline AS (
    SELECT affiliate_id, retailer_id,
           coalesce(sum(n) FILTER (WHERE order_date <= $3::date - 7), 0) / $4::numeric AS per_day
      FROM daily GROUP BY affiliate_id, retailer_id),
  bursts AS (
    SELECT d.affiliate_id, d.retailer_id, 'day'::text AS span, d.order_date AS starts, d.n AS orders, b.per_day
      FROM daily d JOIN baseline b
        ON b.affiliate_id = d.affiliate_id AND b.retailer_id IS NOT DISTINCT FROM d.retailer_id
     WHERE d.order_date > $3::date - 7 AND d.n >= $6::int AND d.n >= $5::numeric * greatest(b.per_day, 1)
    UNION ALL
    SELECT d.affiliate_id, d.retailer_id, 'week', $3::date - 6, sum(d.n), min(b.per_day)
      FROM daily d JOIN baseline b
        ON b.affiliate_id = d.affiliate_id AND b.retailer_id IS NOT DISTINCT FROM d.retailer_id
     WHERE d.order_date > $3::date - 7
     GROUP BY d.affiliate_id, d.retailer_id
    HAVING sum(d.n) >= $6::int AND sum(d.n) >= $5::numeric * greatest(min(b.per_day) * 7, 1))
  SELECT u.affiliate_id, 2::smallint AS severity,
         count(*) || ' order burst(s) far above the usual volume' AS summary,
         jsonb_build_object('rows', jsonb_agg(jsonb_build_object(
             'type', 'burst', 'span', u.span, 'starts', u.starts::text, 'orders', u.orders,
             'usualPerDay', round(u.per_day, 2)::text, 'retailerId', u.retailer_id, 'retailerCode', r.retailer_code)
           ORDER BY u.starts, u.span, u.retailer_id NULLS FIRST)) AS evidence,
         md5(string_agg(u.span || ':' || u.starts || ':' || coalesce(u.retailer_id::text, '-'), ','
                        ORDER BY u.starts, u.span, u.retailer_id NULLS FIRST)) AS evidence_key
    FROM bursts u LEFT JOIN retailers r ON r.retailer_id = u.retailer_id
   GROUP BY u.affiliate_id`;
}

/**
 * $3 today. Of the orders of the last $4 days earning on a rate with a minimum order value, at least $6 (and at least $7
 * percent) lie between the minimum and $5 percent above it.
 */
export function thresholdGaming(scoped: Scoped): string {
  return `
  WITH priced AS (
    SELECT o.affiliate_id, o.order_id, o.order_code, o.order_value, o.order_date, cr.minimum_order_value AS minimum,
           o.order_value <= cr.minimum_order_value * (1 + $5::numeric / 100) AS near
      FROM orders o
      JOIN affiliates a ON a.affiliate_id = o.affiliate_id
      JOIN commission_rates cr ON cr.affiliate_code = a.affiliate_code AND cr.product_category = o.product_category
                              AND cr.effective_date = o.commission_rate_date
     WHERE o.order_date > $3::date - $4::int AND o.order_date <= $3::date AND cr.minimum_order_value > 0
       AND o.order_value >= cr.minimum_order_value AND ${inScope(scoped, 'o.affiliate_id')})
  SELECT affiliate_id, 2::smallint AS severity,
         count(*) FILTER (WHERE near) || ' of ' || count(*) || ' orders lie just above their rate''s minimum order value'
           AS summary,
         jsonb_build_object(
           'rows', jsonb_agg(jsonb_build_object('type', 'order', 'orderId', order_id, 'orderCode', order_code,
                             'orderValue', order_value::text, 'minimumOrderValue', minimum::text,
                             'orderDate', order_date::text) ORDER BY order_id) FILTER (WHERE near),
           'figures', jsonb_build_object('ordersOnMinimumRates', count(*), 'justAbove', count(*) FILTER (WHERE near),
                                         'marginPercent', $5::numeric::text)) AS evidence,
         md5(string_agg(order_id::text, ',' ORDER BY order_id) FILTER (WHERE near)) AS evidence_key
    FROM priced
   GROUP BY affiliate_id
  HAVING count(*) FILTER (WHERE near) >= $6::int AND count(*) FILTER (WHERE near) * 100 >= $7::numeric * count(*)`;
}
