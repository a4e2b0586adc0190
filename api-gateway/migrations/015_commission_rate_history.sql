-- Commission rates upload (issue 12). Rates are history: one row per affiliate, category and effective date,
-- which an upload replaces; other dates stay. Any duplicates written before this rule keep their newest row.
DELETE FROM commission_rates cr
 USING commission_rates newer
 WHERE newer.affiliate_code = cr.affiliate_code AND newer.product_category = cr.product_category
   AND newer.effective_date = cr.effective_date AND newer.rate_id > cr.rate_id;

CREATE UNIQUE INDEX commission_rates_key_idx
  ON commission_rates (affiliate_code, product_category, effective_date);

-- The upload history screen, newest first.
CREATE INDEX commission_uploads_created_idx ON commission_uploads (created_at DESC, upload_id DESC);
