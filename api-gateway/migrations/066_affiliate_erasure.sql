-- Issue 29 (NDPA erasure): an admin erases an Inactive affiliate's personal data. The row stays (orders,
-- commission entries and payout lines point at it, so totals and monthly summaries do not change) under its
-- affiliate code, its personal fields replaced by 'Erased affiliate <code>' or removed; erased_at says when.
ALTER TABLE affiliates ADD COLUMN erased_at timestamptz;

-- An erased affiliate keeps no numbers (sealed, hashed or clear), no selfie, no resolved account name, and stays
-- Inactive for good: the database refuses to bring any of it back, whatever the code path.
ALTER TABLE affiliates DROP CONSTRAINT affiliates_numbers_kept;
ALTER TABLE affiliates ADD CONSTRAINT affiliates_numbers_kept
  CHECK (((nin_or_bvn IS NOT NULL OR nin_or_bvn_sealed IS NOT NULL)
          AND (account_number IS NOT NULL OR account_number_sealed IS NOT NULL)
          OR erased_at IS NOT NULL)
     AND (nin_or_bvn_sealed IS NULL) = (nin_or_bvn_hash IS NULL)
     AND (account_number_sealed IS NULL) = (account_number_hash IS NULL));
ALTER TABLE affiliates ADD CONSTRAINT affiliates_erased_holds_nothing
  CHECK (erased_at IS NULL
      OR (status = 'Inactive' AND nin_or_bvn IS NULL AND nin_or_bvn_sealed IS NULL AND account_number IS NULL
          AND account_number_sealed IS NULL AND selfie_image_path IS NULL AND bank_account_name IS NULL));
