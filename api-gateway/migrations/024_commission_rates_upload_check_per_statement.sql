-- Commission rates upload speed (issue 12). The foreign key commission_rates.upload_id -> commission_uploads
-- checked every inserted rate on its own (one lookup and row lock of the same upload per rate): a third of a
-- 100k-row upload's insert on PGlite. The same rule, checked once per statement over all its rows:
-- - rates inserted or updated: every upload they name exists, locked FOR KEY SHARE until the transaction ends
--   (as the foreign key locked it), so it cannot be deleted or renumbered meanwhile;
-- - an upload deleted or renumbered: no rate may still name it (the key's NO ACTION, checked after the statement).
-- The error is the foreign key's: SQLSTATE 23503 and the constraint's name.
ALTER TABLE commission_rates DROP CONSTRAINT IF EXISTS commission_rates_upload_id_fkey;

CREATE FUNCTION commission_rates_upload_exists() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  named bigint;
  found bigint;
BEGIN
  SELECT count(DISTINCT upload_id) INTO named FROM new_rates;
  IF named = 0 THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO found
    FROM (SELECT 1 FROM commission_uploads u
           WHERE u.upload_id IN (SELECT upload_id FROM new_rates)
             FOR KEY SHARE OF u) locked;
  IF found < named THEN
    RAISE EXCEPTION 'insert or update on table "commission_rates" violates foreign key constraint "commission_rates_upload_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'commission_rates_upload_id_fkey',
            TABLE = 'commission_rates', DETAIL = 'A rate names an upload that is not in commission_uploads.';
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER commission_rates_upload_inserted AFTER INSERT ON commission_rates
  REFERENCING NEW TABLE AS new_rates FOR EACH STATEMENT EXECUTE FUNCTION commission_rates_upload_exists();
CREATE TRIGGER commission_rates_upload_updated AFTER UPDATE ON commission_rates
  REFERENCING NEW TABLE AS new_rates FOR EACH STATEMENT EXECUTE FUNCTION commission_rates_upload_exists();

CREATE FUNCTION commission_uploads_still_named() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.upload_id = OLD.upload_id THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM commission_rates WHERE upload_id = OLD.upload_id) THEN
    RAISE EXCEPTION 'update or delete on table "commission_uploads" violates foreign key constraint "commission_rates_upload_id_fkey" on table "commission_rates"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'commission_rates_upload_id_fkey',
            TABLE = 'commission_uploads', DETAIL = format('Key (upload_id)=(%s) is still referenced from table "commission_rates".', OLD.upload_id);
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER commission_uploads_still_named AFTER UPDATE OF upload_id OR DELETE ON commission_uploads
  FOR EACH ROW EXECUTE FUNCTION commission_uploads_still_named();
