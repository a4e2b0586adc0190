-- Issue 50, part 3: the parts of a KYC decided one by one. A reviewer decides the identity number, the selfie and
-- the bank account separately and returns only the failed ones, each with its reason; the affiliate's re-KYC then
-- asks only for those. Each verdict is a row. A return is open (settled_at NULL) until the affiliate resubmits or
-- a whole-registration decision replaces it; one open verdict per part is the database's rule, so two reviewers
-- deciding at once cannot both win (the claim on the case is the first guard, the affiliate row lock the second).
CREATE TABLE kyc_part_decisions (
  decision_id      bigserial PRIMARY KEY,
  affiliate_id     bigint NOT NULL REFERENCES affiliates (affiliate_id) ON DELETE CASCADE,
  part             text NOT NULL CHECK (part IN ('identityNumber', 'selfie', 'bankAccount')),
  outcome          text NOT NULL CHECK (outcome IN ('accepted', 'returned')),
  reason           text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 300),
  decided_by       bigint NOT NULL REFERENCES users (user_id),
  decided_at       timestamptz NOT NULL,
  -- The selfie the affiliate took again for a returned selfie, kept here until the re-KYC is submitted.
  replacement_selfie_path text,
  settled_at       timestamptz,
  CONSTRAINT kyc_part_decisions_reason_when_returned CHECK ((outcome = 'returned') = (reason IS NOT NULL)),
  CONSTRAINT kyc_part_decisions_replacement_only_returned_selfie
    CHECK (replacement_selfie_path IS NULL OR (part = 'selfie' AND outcome = 'returned'))
);
CREATE UNIQUE INDEX kyc_part_decisions_one_open_idx ON kyc_part_decisions (affiliate_id, part)
  WHERE settled_at IS NULL;
CREATE INDEX kyc_part_decisions_affiliate_idx ON kyc_part_decisions (affiliate_id, decided_at DESC, decision_id DESC);

-- Issue 50, part 4: four eyes on a risky approval (an authority check that failed or did not run, a name match
-- below the threshold). The first reviewer's Approve is a request; the affiliate is approved only when a second,
-- different staff user confirms it. The CHECK holds that rule whatever the code does, also for two requests at once.
CREATE TABLE kyc_approval_requests (
  request_id    bigserial PRIMARY KEY,
  affiliate_id  bigint NOT NULL REFERENCES affiliates (affiliate_id) ON DELETE CASCADE,
  requested_by  bigint NOT NULL REFERENCES users (user_id),
  requested_at  timestamptz NOT NULL,
  remark        text CHECK (remark IS NULL OR length(remark) <= 2000),
  -- Why it needed a second person: 'lowNameMatch', 'authorityFailed', 'authorityNotRun'.
  reasons       text[] NOT NULL CHECK (cardinality(reasons) >= 1),
  status        text NOT NULL CHECK (status IN ('awaiting-second', 'confirmed', 'closed')),
  closed_by     bigint REFERENCES users (user_id),
  closed_at     timestamptz,
  CHECK ((status = 'awaiting-second') = (closed_at IS NULL)),
  CHECK ((closed_by IS NULL) = (closed_at IS NULL)),
  CONSTRAINT kyc_approval_requests_second_is_not_first CHECK (status <> 'confirmed' OR closed_by <> requested_by)
);
CREATE UNIQUE INDEX kyc_approval_requests_one_waiting_idx ON kyc_approval_requests (affiliate_id)
  WHERE status = 'awaiting-second';
