-- Issue 25: the commission upload is one plain transaction again. Migrations 024 and 028 replaced the foreign key
-- commission_rates.upload_id -> commission_uploads with statement triggers, to save a lookup per inserted rate;
-- the database's own foreign key is the rule again (same name, same error, 23503).
DROP TRIGGER IF EXISTS commission_rates_upload_inserted ON commission_rates;
DROP TRIGGER IF EXISTS commission_rates_upload_updated ON commission_rates;
DROP TRIGGER IF EXISTS commission_uploads_still_named ON commission_uploads;
DROP FUNCTION IF EXISTS commission_rates_upload_exists();
DROP FUNCTION IF EXISTS commission_uploads_still_named();

ALTER TABLE commission_rates
  ADD CONSTRAINT commission_rates_upload_id_fkey FOREIGN KEY (upload_id) REFERENCES commission_uploads (upload_id);
