-- Commission engine and ingestion (issue 12, DESIGN §5).

-- Each order keeps what it earned and the rate row that decided it (NULL when no row applies). No foreign
-- key: a rate row replaced by an upload is recomputed away in the same transaction.
ALTER TABLE orders
  ADD COLUMN commission_amount  numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN commission_rate_id bigint;

-- Monthly money and order counts per affiliate, kept in step with every write to orders by the statement
-- triggers below, so the affiliate dashboard reads a dozen rows instead of summing a million orders.
CREATE TABLE affiliate_commission_months (
  affiliate_id          bigint NOT NULL REFERENCES affiliates (affiliate_id),
  month                 date NOT NULL,
  qualified_orders      bigint NOT NULL DEFAULT 0,
  open_orders           bigint NOT NULL DEFAULT 0,
  qualified_order_value numeric(18, 2) NOT NULL DEFAULT 0,
  qualified_commission  numeric(18, 2) NOT NULL DEFAULT 0,
  projected_commission  numeric(18, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (affiliate_id, month)
);

-- Existing orders earn by the same rule as new ones (modules/commission/commission-engine.ts).
UPDATE orders o
   SET commission_amount = earned.amount, commission_rate_id = earned.rate_id
  FROM (
    SELECT x.order_id, r.rate_id,
           CASE WHEN x.status <> 'Rejected' AND x.order_value >= r.minimum_order_value
                THEN round(x.order_value * r.rate_percent / 100, 2) ELSE 0 END AS amount
      FROM orders x
      JOIN affiliates a ON a.affiliate_id = x.affiliate_id
      LEFT JOIN LATERAL (
        SELECT cr.rate_id, cr.rate_percent, cr.minimum_order_value FROM commission_rates cr
         WHERE cr.affiliate_code = a.affiliate_code AND cr.product_category = x.product_category
           AND cr.effective_date <= x.order_date
         ORDER BY cr.effective_date DESC, cr.rate_id DESC LIMIT 1
      ) r ON true
  ) earned
 WHERE o.order_id = earned.order_id;

INSERT INTO affiliate_commission_months (affiliate_id, month, qualified_orders, open_orders, qualified_order_value,
                                         qualified_commission, projected_commission)
SELECT affiliate_id, date_trunc('month', order_date)::date,
       count(*) FILTER (WHERE status IN ('Delivered', 'Completed')),
       count(*) FILTER (WHERE status IN ('Pending', 'Processing')),
       coalesce(sum(order_value) FILTER (WHERE status IN ('Delivered', 'Completed')), 0),
       coalesce(sum(commission_amount) FILTER (WHERE status IN ('Delivered', 'Completed')), 0),
       coalesce(sum(commission_amount) FILTER (WHERE status <> 'Rejected'), 0)
  FROM orders
 GROUP BY 1, 2;

-- One aggregated upsert per statement (transition tables), not one per row: a batch of 1,000 orders touches
-- each affiliate-month once. Rows are upserted in key order so concurrent batches lock them in one order.
CREATE FUNCTION affiliate_commission_months_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  columns CONSTANT text := 'affiliate_id, order_date, status, order_value, commission_amount';
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', columns)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', columns)
    ELSE format('SELECT %1$s, 1 AS sign FROM new_rows UNION ALL SELECT %1$s, -1 FROM old_rows', columns)
  END;
  EXECUTE format($sql$
    INSERT INTO affiliate_commission_months AS m (affiliate_id, month, qualified_orders, open_orders,
                                                  qualified_order_value, qualified_commission, projected_commission)
    SELECT affiliate_id, month, sum(qualified_orders), sum(open_orders), sum(qualified_order_value),
           sum(qualified_commission), sum(projected_commission)
      FROM (
        SELECT d.affiliate_id, date_trunc('month', d.order_date)::date AS month,
               d.sign * (d.status IN ('Delivered', 'Completed'))::int AS qualified_orders,
               d.sign * (d.status IN ('Pending', 'Processing'))::int AS open_orders,
               CASE WHEN d.status IN ('Delivered', 'Completed') THEN d.sign * d.order_value ELSE 0 END
                 AS qualified_order_value,
               CASE WHEN d.status IN ('Delivered', 'Completed') THEN d.sign * d.commission_amount ELSE 0 END
                 AS qualified_commission,
               CASE WHEN d.status <> 'Rejected' THEN d.sign * d.commission_amount ELSE 0 END
                 AS projected_commission
          FROM (%s) d
      ) delta
     GROUP BY affiliate_id, month
    HAVING sum(qualified_orders) <> 0 OR sum(open_orders) <> 0 OR sum(qualified_order_value) <> 0
        OR sum(qualified_commission) <> 0 OR sum(projected_commission) <> 0
     ORDER BY affiliate_id, month
    ON CONFLICT (affiliate_id, month) DO UPDATE SET
      qualified_orders      = m.qualified_orders + excluded.qualified_orders,
      open_orders           = m.open_orders + excluded.open_orders,
      qualified_order_value = m.qualified_order_value + excluded.qualified_order_value,
      qualified_commission  = m.qualified_commission + excluded.qualified_commission,
      projected_commission  = m.projected_commission + excluded.projected_commission
  $sql$, source);
  RETURN NULL;
END $fn$;
CREATE TRIGGER orders_commission_months_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION affiliate_commission_months_sync();
CREATE TRIGGER orders_commission_months_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION affiliate_commission_months_sync();
CREATE TRIGGER orders_commission_months_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION affiliate_commission_months_sync();

-- Keys of the retail platform for /api/integration/*: only a keyed SHA-256 of each key is kept.
CREATE TABLE integration_api_keys (
  key_id     bigserial PRIMARY KEY,
  name       text NOT NULL,
  key_prefix text NOT NULL,
  key_hash   text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
