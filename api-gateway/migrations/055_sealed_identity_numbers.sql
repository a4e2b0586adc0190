-- Issue 29: BVN/NIN and bank account numbers at rest are sealed (AES-256-GCM, src/lib/field-crypto.ts) with a
-- keyed hash beside each for equality (duplicate-identity flags, exact search). SQL cannot encrypt, so the
-- rows already here are sealed by the gateway right after the migrations (sealNumbersInClear, batched, each
-- batch under row locks): it writes the sealed value and the hash and empties the clear column in one UPDATE.
-- The clear columns stay, nullable and empty, for rows written before this version until they are sealed.
ALTER TABLE affiliates
  ADD COLUMN nin_or_bvn_sealed text,
  ADD COLUMN nin_or_bvn_hash text,
  ADD COLUMN account_number_sealed text,
  ADD COLUMN account_number_hash text,
  ALTER COLUMN nin_or_bvn DROP NOT NULL,
  ALTER COLUMN account_number DROP NOT NULL;

-- Every affiliate keeps both numbers, in clear (until sealed) or sealed; a sealed value always has its hash.
ALTER TABLE affiliates ADD CONSTRAINT affiliates_numbers_kept
  CHECK ((nin_or_bvn IS NOT NULL OR nin_or_bvn_sealed IS NOT NULL)
     AND (account_number IS NOT NULL OR account_number_sealed IS NOT NULL)
     AND (nin_or_bvn_sealed IS NULL) = (nin_or_bvn_hash IS NULL)
     AND (account_number_sealed IS NULL) = (account_number_hash IS NULL));

-- The clear indexes would keep every number in clear in the index files: gone, the hashes indexed instead.
DROP INDEX IF EXISTS affiliates_nin_idx;
DROP INDEX IF EXISTS affiliates_account_idx;
CREATE INDEX affiliates_nin_hash_idx ON affiliates (nin_or_bvn_hash);
-- Account hash first: serves the exact-number search (any bank) and the duplicate check (same bank) alike.
CREATE INDEX affiliates_account_hash_idx ON affiliates (account_number_hash, bank_id);
-- Finds the rows still in clear at once (empty after the first start of this version).
CREATE INDEX affiliates_numbers_in_clear_idx ON affiliates (affiliate_id)
  WHERE nin_or_bvn IS NOT NULL OR account_number IS NOT NULL;
