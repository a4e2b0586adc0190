-- Admin dashboard (issue 11): registrations per business month and the retailer count, kept in step by
-- statement triggers (one aggregated write per statement, so a bulk import touches each month once), so the
-- dashboard and its 12-month chart never count the affiliates or retailers tables.

-- The business month of a moment: Africa/Lagos is UTC+1 all year (no daylight saving), as lib/business-time.ts.
CREATE FUNCTION business_month(at timestamptz) RETURNS date LANGUAGE sql AS
$$ SELECT date_trunc('month', (at AT TIME ZONE 'UTC') + interval '1 hour')::date $$;

CREATE TABLE affiliate_monthly_registrations (
  month date PRIMARY KEY,
  total bigint NOT NULL DEFAULT 0
);
INSERT INTO affiliate_monthly_registrations (month, total)
  SELECT business_month(created_date), count(*) FROM affiliates GROUP BY 1;

CREATE FUNCTION affiliate_monthly_registrations_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO affiliate_monthly_registrations AS m (month, total)
    SELECT business_month(created_date), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (month) DO UPDATE SET total = m.total + excluded.total;
  RETURN NULL;
END $$;
CREATE FUNCTION affiliate_monthly_registrations_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE affiliate_monthly_registrations m SET total = m.total - gone.n
    FROM (SELECT business_month(created_date) AS month, count(*) AS n FROM old_rows GROUP BY 1) gone
   WHERE m.month = gone.month;
  RETURN NULL;
END $$;
-- created_date is set once, at registration; no UPDATE trigger is needed.
CREATE TRIGGER affiliates_monthly_registrations_insert AFTER INSERT ON affiliates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION affiliate_monthly_registrations_insert();
CREATE TRIGGER affiliates_monthly_registrations_delete AFTER DELETE ON affiliates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION affiliate_monthly_registrations_delete();

CREATE TABLE retailer_counts (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  total    bigint NOT NULL DEFAULT 0
);
INSERT INTO retailer_counts (total) SELECT count(*) FROM retailers;

CREATE FUNCTION retailer_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE retailer_counts SET total = total + (SELECT count(*) FROM new_rows);
  RETURN NULL;
END $$;
CREATE FUNCTION retailer_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE retailer_counts SET total = total - (SELECT count(*) FROM old_rows);
  RETURN NULL;
END $$;
CREATE TRIGGER retailers_counts_insert AFTER INSERT ON retailers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION retailer_counts_insert();
CREATE TRIGGER retailers_counts_delete AFTER DELETE ON retailers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION retailer_counts_delete();
