-- Issue 50, part 1: the identity check against the authority (Smile ID's Biometric or Enhanced KYC for Nigeria).
-- One row per affiliate: the latest check of the BVN/NIN it registered (or came back with through re-KYC). It is
-- both the work queue of the background check and the stored answer. No number is kept here: the BVN/NIN stays
-- sealed in affiliates, and whatever number the authority relays (the ID number, a phone number) is dropped.
CREATE TABLE identity_checks (
  affiliate_id      bigint PRIMARY KEY REFERENCES affiliates (affiliate_id) ON DELETE CASCADE,
  -- pending: to be checked (or checked again after a failure); submitted: the provider has the job and is asked
  -- for its result; answered: the authority's answer is below.
  state             text NOT NULL CHECK (state IN ('pending', 'submitted', 'answered')),
  requested_at      timestamptz NOT NULL,
  attempts          integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at   timestamptz NOT NULL,
  -- A gateway working on the check holds it until then; another takes it over only after (a dead gateway).
  leased_until      timestamptz,
  last_failure      text CHECK (length(last_failure) <= 300),
  last_failure_at   timestamptz,
  provider          text CHECK (provider IN ('log', 'smile_id')),
  product           text CHECK (product IN ('biometric_kyc', 'enhanced_kyc')),
  partner_job_id    text CHECK (length(partner_job_id) <= 64),
  provider_job_id   text CHECK (length(provider_job_id) <= 80),
  id_status         text CHECK (id_status IN ('verified', 'not_found', 'not_verified')),
  authority_first_name  text CHECK (length(authority_first_name) <= 100),
  authority_last_name   text CHECK (length(authority_last_name) <= 100),
  authority_other_names text CHECK (length(authority_other_names) <= 100),
  authority_dob     date,
  face_match        text CHECK (face_match IN ('passed', 'failed', 'not_done')),
  -- The existing name-match score (bank-verification/name-match.ts) of the registered full name against the
  -- authority's names, and whether the first and last names each match.
  name_match_score  integer CHECK (name_match_score BETWEEN 0 AND 100),
  first_name_match  boolean,
  last_name_match   boolean,
  result_code       text CHECK (length(result_code) <= 8),
  result_text       text CHECK (length(result_text) <= 200),
  checked_at        timestamptz,
  CONSTRAINT identity_checks_answer_whole CHECK (
    (state = 'answered') = (checked_at IS NOT NULL AND id_status IS NOT NULL AND face_match IS NOT NULL))
);
-- The worker's pick: due checks, oldest first.
CREATE INDEX identity_checks_due_idx ON identity_checks (next_attempt_at) WHERE state <> 'answered';

-- A case entering the queue (registration, re-KYC, an activation back to KYC Pending) asks for a fresh check.
CREATE FUNCTION identity_checks_follow_cases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO identity_checks (affiliate_id, state, requested_at, next_attempt_at)
  VALUES (NEW.affiliate_id, 'pending', NEW.queued_at, NEW.queued_at)
  ON CONFLICT (affiliate_id) DO UPDATE
    SET state = 'pending', requested_at = EXCLUDED.requested_at, attempts = 0,
        next_attempt_at = EXCLUDED.next_attempt_at, leased_until = NULL, last_failure = NULL,
        last_failure_at = NULL, provider = NULL, product = NULL, partner_job_id = NULL, provider_job_id = NULL,
        id_status = NULL, authority_first_name = NULL, authority_last_name = NULL, authority_other_names = NULL,
        authority_dob = NULL, face_match = NULL, name_match_score = NULL, first_name_match = NULL,
        last_name_match = NULL, result_code = NULL, result_text = NULL, checked_at = NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER identity_checks_follow_cases
  AFTER INSERT OR UPDATE OF queued_at ON kyc_cases
  FOR EACH ROW EXECUTE FUNCTION identity_checks_follow_cases();

-- The cases already waiting are checked too.
INSERT INTO identity_checks (affiliate_id, state, requested_at, next_attempt_at)
SELECT affiliate_id, 'pending', queued_at, queued_at FROM kyc_cases;
