-- Issue 25: the admin's current-rates list counted its (affiliate, category) pairs with a rate in force by
-- grouping every rate (300,000 at SEED_SCALE 250: 110-125 ms of PostgreSQL a call), and under the 50-user soak
-- that count was PostgreSQL's main work once the login report's was gone. A pair has a rate in force on a day
-- when its first rate is effective by then, so the unfiltered total is the number of pairs whose first rate
-- starts on or before today: kept below per start date, in the same statements as the rates, so it is exact in
-- every snapshot. A filtered list still counts its pairs.

-- Each pair's first effective date.
CREATE TABLE rate_pair_starts (
  affiliate_code   text NOT NULL,
  product_category text NOT NULL,
  first_effective  date NOT NULL,
  PRIMARY KEY (affiliate_code, product_category)
);
-- How many pairs start on each date. (No CHECK on pairs: an upsert of a negative change is checked as the row it
-- would insert, before it finds the row it updates.)
CREATE TABLE rate_pairs_by_start (
  first_effective date PRIMARY KEY,
  pairs           bigint NOT NULL
);

CREATE FUNCTION rate_pairs_by_start_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT first_effective, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT first_effective, -1 AS sign FROM old_rows'
    ELSE 'SELECT first_effective, 1 AS sign FROM new_rows UNION ALL SELECT first_effective, -1 FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO rate_pairs_by_start AS c (first_effective, pairs)
    SELECT first_effective, sum(sign) FROM (%s) d
     GROUP BY first_effective HAVING sum(sign) <> 0 ORDER BY first_effective
    ON CONFLICT (first_effective) DO UPDATE SET pairs = c.pairs + excluded.pairs
  $sql$, source);
  RETURN NULL;
END $fn$;
CREATE TRIGGER rate_pair_starts_counted_insert AFTER INSERT ON rate_pair_starts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_pairs_by_start_sync();
CREATE TRIGGER rate_pair_starts_counted_update AFTER UPDATE ON rate_pair_starts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_pairs_by_start_sync();
CREATE TRIGGER rate_pair_starts_counted_delete AFTER DELETE ON rate_pair_starts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_pairs_by_start_sync();

-- New rates can only move a pair's start earlier (or make a new pair), one upsert per statement in key order.
-- An upload that replaces a rate (ON CONFLICT DO UPDATE) keeps its key and does not reach here.
CREATE FUNCTION rate_pair_starts_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO rate_pair_starts AS s (affiliate_code, product_category, first_effective)
  SELECT affiliate_code, product_category, min(effective_date) FROM new_rows
   GROUP BY affiliate_code, product_category ORDER BY affiliate_code, product_category
  ON CONFLICT (affiliate_code, product_category) DO UPDATE SET first_effective = excluded.first_effective
   WHERE excluded.first_effective < s.first_effective;
  RETURN NULL;
END $fn$;

-- A deleted rate, or one whose key changed, may have been its pair's first: read the pair's start again. The
-- pairs' rows are locked first, and the start is read in the next statement, whose snapshot (READ COMMITTED)
-- sees what a writer that held them has committed: two transactions deleting rates of one pair at once then
-- read it one after the other, not both from before either delete.
CREATE FUNCTION rate_pair_starts_refresh(codes text[], categories text[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM 1 FROM rate_pair_starts s
    JOIN unnest(codes, categories) AS t(code, category)
      ON s.affiliate_code = t.code AND s.product_category = t.category
   ORDER BY s.affiliate_code, s.product_category FOR UPDATE OF s;
  WITH touched AS (
    SELECT DISTINCT code, category FROM unnest(codes, categories) AS t(code, category)
  ), fresh AS (
    SELECT t.code, t.category,
           (SELECT min(r.effective_date) FROM commission_rates r
             WHERE r.affiliate_code = t.code AND r.product_category = t.category) AS first_effective
      FROM touched t
  ), gone AS (
    DELETE FROM rate_pair_starts s USING fresh f
     WHERE s.affiliate_code = f.code AND s.product_category = f.category AND f.first_effective IS NULL
  )
  INSERT INTO rate_pair_starts AS s (affiliate_code, product_category, first_effective)
  SELECT code, category, first_effective FROM fresh WHERE first_effective IS NOT NULL ORDER BY code, category
  ON CONFLICT (affiliate_code, product_category) DO UPDATE SET first_effective = excluded.first_effective
   WHERE excluded.first_effective <> s.first_effective;
END $fn$;

CREATE FUNCTION rate_pair_starts_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM rate_pair_starts_refresh(array_agg(affiliate_code), array_agg(product_category)) FROM old_rows;
  RETURN NULL;
END $fn$;

-- Nothing changes a rate's key today (uploads replace a rate on its key); should anything, per row on the WHEN.
CREATE FUNCTION rate_pair_starts_rekey() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM rate_pair_starts_refresh(ARRAY[OLD.affiliate_code, NEW.affiliate_code],
                                   ARRAY[OLD.product_category, NEW.product_category]);
  RETURN NULL;
END $fn$;

CREATE TRIGGER commission_rates_pair_starts_insert AFTER INSERT ON commission_rates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_pair_starts_insert();
CREATE TRIGGER commission_rates_pair_starts_delete AFTER DELETE ON commission_rates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_pair_starts_delete();
CREATE TRIGGER commission_rates_pair_starts_rekey
  AFTER UPDATE OF affiliate_code, product_category, effective_date ON commission_rates
  FOR EACH ROW WHEN ((OLD.affiliate_code, OLD.product_category, OLD.effective_date)
                     IS DISTINCT FROM (NEW.affiliate_code, NEW.product_category, NEW.effective_date))
  EXECUTE FUNCTION rate_pair_starts_rekey();
CREATE FUNCTION rate_pair_starts_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM rate_pair_starts;
  RETURN NULL;
END $fn$;
CREATE TRIGGER commission_rates_pair_starts_truncate AFTER TRUNCATE ON commission_rates
  FOR EACH STATEMENT EXECUTE FUNCTION rate_pair_starts_clear();

INSERT INTO rate_pair_starts (affiliate_code, product_category, first_effective)
  SELECT affiliate_code, product_category, min(effective_date) FROM commission_rates
   GROUP BY affiliate_code, product_category;
