-- Issue 50, part 1: KYC as cases a reviewer claims. One row per affiliate waiting in KYC Pending, kept in step
-- with affiliates.status by the trigger below, so the queue never scans the big table and a case that leaves
-- KYC Pending (approved, rejected, made inactive) leaves the queue with its claim in the same statement.
INSERT INTO rights (right_key, description) VALUES ('backoffice_kyc', 'KYC queue');
INSERT INTO role_rights (role_id, affiliate_status, right_key) VALUES
  (1, NULL, 'backoffice_kyc'),
  (2, NULL, 'backoffice_kyc');

-- The primary key is the rule "one reviewer per case at a time": a claim is the reviewer on the case's one row,
-- taken by one conditional UPDATE, so two reviewers claiming at once cannot both hold it. A claim idle for longer
-- than KYC_CLAIM_IDLE_MINUTES (contracts) is free for the next reviewer; last_active_at is its clock.
CREATE TABLE kyc_cases (
  affiliate_id     bigint PRIMARY KEY REFERENCES affiliates (affiliate_id) ON DELETE CASCADE,
  -- When the case entered the queue: the registration, or the re-KYC that brought it back. Ageing counts from it.
  queued_at        timestamptz NOT NULL,
  reviewer_user_id bigint REFERENCES users (user_id),
  claimed_at       timestamptz,
  last_active_at   timestamptz,
  CONSTRAINT kyc_cases_claim_whole CHECK (
    (reviewer_user_id IS NULL AND claimed_at IS NULL AND last_active_at IS NULL)
    OR (reviewer_user_id IS NOT NULL AND claimed_at IS NOT NULL AND last_active_at IS NOT NULL)
  )
);
CREATE INDEX kyc_cases_queued_idx ON kyc_cases (queued_at, affiliate_id);
CREATE INDEX kyc_cases_reviewer_idx ON kyc_cases (reviewer_user_id, last_active_at) WHERE reviewer_user_id IS NOT NULL;

CREATE FUNCTION kyc_cases_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status = 'KYC Pending' THEN
      INSERT INTO kyc_cases (affiliate_id, queued_at) VALUES (NEW.affiliate_id, NEW.created_date)
      ON CONFLICT (affiliate_id) DO NOTHING;
    END IF;
  ELSIF NEW.status = 'KYC Pending' AND OLD.status <> 'KYC Pending' THEN
    -- Back in the queue (re-KYC, or an admin's activation that restores KYC Pending): a fresh case, no claim.
    INSERT INTO kyc_cases (affiliate_id, queued_at) VALUES (NEW.affiliate_id, NEW.updated_date)
    ON CONFLICT (affiliate_id) DO UPDATE
      SET queued_at = EXCLUDED.queued_at, reviewer_user_id = NULL, claimed_at = NULL, last_active_at = NULL;
  ELSIF NEW.status <> 'KYC Pending' AND OLD.status = 'KYC Pending' THEN
    DELETE FROM kyc_cases WHERE affiliate_id = NEW.affiliate_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER kyc_cases_follow_status
  AFTER INSERT OR UPDATE OF status ON affiliates
  FOR EACH ROW EXECUTE FUNCTION kyc_cases_follow_status();

-- The cases already waiting: a registration never decided waits since it was made, a re-KYC since it came back.
INSERT INTO kyc_cases (affiliate_id, queued_at)
SELECT affiliate_id, CASE WHEN first_decision_at IS NULL THEN created_date ELSE updated_date END
  FROM affiliates
 WHERE status = 'KYC Pending';
