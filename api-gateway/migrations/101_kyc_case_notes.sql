-- Issue 50, part 3 (notes): what reviewers write about an affiliate's KYC for each other, never shown to the
-- affiliate. Kept per affiliate, not per case row, so they outlive a decision and a return through re-KYC.
CREATE TABLE kyc_case_notes (
  note_id        bigserial PRIMARY KEY,
  affiliate_id   bigint NOT NULL REFERENCES affiliates (affiliate_id) ON DELETE CASCADE,
  author_user_id bigint NOT NULL REFERENCES users (user_id),
  body           text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at     timestamptz NOT NULL
);
CREATE INDEX kyc_case_notes_affiliate_idx ON kyc_case_notes (affiliate_id, created_at DESC, note_id DESC);
