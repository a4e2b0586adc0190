-- Integration ingestion (issue 12) writes orders 1,000 at a time with one INSERT ... ON CONFLICT. The
-- per-row trigger of 001 ran one upsert into order_daily_counts per order; like the commission summary of
-- 013, the counts now follow one aggregated upsert per statement (transition tables), in key order.
DROP TRIGGER orders_daily_counts_insert_delete ON orders;
DROP TRIGGER orders_daily_counts_update ON orders;
DROP FUNCTION order_daily_counts_sync();

CREATE FUNCTION order_daily_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT order_date, status, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT order_date, status, -1 AS sign FROM old_rows'
    ELSE 'SELECT order_date, status, 1 AS sign FROM new_rows
          UNION ALL SELECT order_date, status, -1 FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO order_daily_counts AS c (order_date, status, total)
    SELECT order_date, status, sum(sign) FROM (%s) d
     GROUP BY order_date, status
    HAVING sum(sign) <> 0
     ORDER BY order_date, status
    ON CONFLICT (order_date, status) DO UPDATE SET total = c.total + excluded.total
  $sql$, source);
  RETURN NULL;
END $fn$;

-- A trigger with transition tables cannot name columns (UPDATE OF ...): every UPDATE statement runs it, and
-- rows whose date and status did not change cancel out (+1 and -1) before anything is written.
CREATE TRIGGER orders_daily_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_daily_counts_sync();
CREATE TRIGGER orders_daily_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_daily_counts_sync();
CREATE TRIGGER orders_daily_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_daily_counts_sync();
