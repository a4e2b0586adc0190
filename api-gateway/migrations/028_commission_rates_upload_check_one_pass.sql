-- Commission rates upload speed (issue 12). The per-statement upload check of 024 counted the distinct uploads of
-- the statement's rows (a sort of every row) and read them again to lock them: ~50 ms of a 100k-row upload on
-- PGlite (4,000-row statements). An upload's statements name one upload, so one pass for the lowest and highest
-- tells: when they are equal that upload is the only one; otherwise the distinct ones are gathered as before.
-- Same rule, lock and error as 024.
CREATE OR REPLACE FUNCTION commission_rates_upload_exists() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  lowest bigint;
  highest bigint;
  named bigint[];
  found bigint;
BEGIN
  SELECT min(upload_id), max(upload_id) INTO lowest, highest FROM new_rates;
  IF lowest IS NULL THEN
    RETURN NULL;
  END IF;
  IF lowest = highest THEN
    named := ARRAY[lowest];
  ELSE
    SELECT array_agg(DISTINCT upload_id) INTO named FROM new_rates WHERE upload_id IS NOT NULL;
  END IF;
  SELECT count(*) INTO found
    FROM (SELECT 1 FROM commission_uploads u
           WHERE u.upload_id = ANY (named)
             FOR KEY SHARE OF u) locked;
  IF found < cardinality(named) THEN
    RAISE EXCEPTION 'insert or update on table "commission_rates" violates foreign key constraint "commission_rates_upload_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'commission_rates_upload_id_fkey',
            TABLE = 'commission_rates', DETAIL = 'A rate names an upload that is not in commission_uploads.';
  END IF;
  RETURN NULL;
END
$fn$;
