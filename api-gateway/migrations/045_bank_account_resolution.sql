-- Issue 27, bank account half: the account name a provider (Paystack's GET /bank/resolve) gives for a bank and
-- account number, kept so that the same account is resolved once for every gateway sharing the database, and
-- what the reviewer sees on each affiliate. The bank's NIP/CBN code already lives in banks.cbn_code (001, 002).

-- One row per resolved account. The key is a keyed hash (HMAC under the server secret) of the bank code and
-- the account number, so the cache does not hold account numbers in clear. A row older than the cache's
-- lifetime (BANK_RESOLUTION_CACHE_DAYS, contracts) is resolved again and replaced.
CREATE TABLE bank_account_resolutions (
  account_key        text PRIMARY KEY,
  account_name       text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 200),
  provider           text NOT NULL,
  provider_reference text NOT NULL,
  resolved_at        timestamptz NOT NULL
);

-- The resolution behind the affiliate's bank details when it registered or last did re-KYC; all NULL is
-- 'not verified' (no provider, unknown account, provider down). The score is the name match of the resolved
-- name with the affiliate's full name (modules/bank-verification/name-match.ts), 0 to 100.
ALTER TABLE affiliates
  ADD COLUMN bank_account_name       text,
  ADD COLUMN bank_name_match_score   smallint CHECK (bank_name_match_score BETWEEN 0 AND 100),
  ADD COLUMN bank_resolution_ref     text,
  ADD COLUMN bank_resolved_at        timestamptz,
  ADD CONSTRAINT affiliates_bank_resolution_whole CHECK (
    (bank_account_name IS NULL AND bank_name_match_score IS NULL AND bank_resolution_ref IS NULL AND bank_resolved_at IS NULL)
    OR (bank_account_name IS NOT NULL AND bank_name_match_score IS NOT NULL AND bank_resolution_ref IS NOT NULL AND bank_resolved_at IS NOT NULL)
  );
