-- The bank-file programme's own account verification (issue 48 item 1; docs/bank-file-verification.md). Until
-- now only a provider's resolution (Paystack, at registration or re-KYC) made an account payable, so with the
-- bank file a newly registered agent could never be paid. Two more ways, both audited:
--   name-enquiry: a staff user types the name the bank's own name enquiry gave; it is scored against the
--                 registered name (modules/bank-verification/name-match.ts) and, below the threshold (75),
--                 counts only once a second, different staff user confirms it;
--   paid-line:    the bank's result (or a staff user reading it) reports a bank-file line to the account paid.
-- The affiliate's bank_* columns of 045 keep holding the verification in force; these say how and by whom.

ALTER TABLE affiliates
  ADD COLUMN bank_verified_via text CHECK (bank_verified_via IN ('paystack', 'name-enquiry', 'paid-line')),
  ADD COLUMN bank_verified_by  bigint REFERENCES users (user_id),
  ADD CONSTRAINT affiliates_bank_verified_how CHECK (bank_verified_via IS NULL OR bank_resolved_at IS NOT NULL);
UPDATE affiliates SET bank_verified_via = 'paystack' WHERE bank_resolved_at IS NOT NULL;

-- Every verification made by staff or by a paid line, and every name enquiry waiting for its second person.
-- `account_key` names the account it was made for (keyed hash of bank code and number, as 045's cache): a
-- confirmation applies only while the affiliate still has that account.
CREATE TABLE bank_account_verifications (
  verification_id  bigserial PRIMARY KEY,
  affiliate_id     bigint NOT NULL REFERENCES affiliates (affiliate_id),
  method           text NOT NULL CHECK (method IN ('name-enquiry', 'paid-line')),
  account_key      text NOT NULL CHECK (account_key ~ '^[0-9a-f]{64}$'),
  account_name     text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 200),
  name_match_score smallint NOT NULL CHECK (name_match_score BETWEEN 0 AND 100),
  status           text NOT NULL CHECK (status IN ('awaiting-second', 'verified', 'declined', 'superseded')),
  entered_by       bigint REFERENCES users (user_id),
  entered_at       timestamptz NOT NULL,
  confirmed_by     bigint REFERENCES users (user_id),
  confirmed_at     timestamptz,
  payout_line_id   bigint REFERENCES payout_lines (payout_line_id),
  CHECK (method <> 'name-enquiry' OR entered_by IS NOT NULL),
  CHECK (method <> 'paid-line' OR (payout_line_id IS NOT NULL AND status = 'verified')),
  CHECK ((confirmed_by IS NULL) = (confirmed_at IS NULL)),
  -- Four eyes: the second person is never the first.
  CHECK (confirmed_by IS NULL OR confirmed_by <> entered_by),
  -- A name enquiry below the threshold (BANK_NAME_MATCH_THRESHOLD, contracts) counts only once confirmed.
  CHECK (NOT (method = 'name-enquiry' AND status = 'verified' AND name_match_score < 75) OR confirmed_by IS NOT NULL),
  CHECK (status <> 'declined' OR confirmed_by IS NOT NULL)
);
CREATE INDEX bank_account_verifications_affiliate_idx ON bank_account_verifications (affiliate_id, verification_id);
-- One name enquiry waits for its second person per affiliate at a time.
CREATE UNIQUE INDEX bank_account_verifications_one_waiting_idx ON bank_account_verifications (affiliate_id)
  WHERE status = 'awaiting-second';

-- Changing the account makes it unverified again, whoever changes it (re-KYC today, any writer tomorrow): a
-- statement that changes the bank or the number without setting a verification of its own clears the one in
-- force, and an enquiry waiting for its second person is superseded. Re-sealing the same number under a new
-- key (lib/sealed-numbers resealNumbers sets portal.number_reseal) is not a change of account.
CREATE FUNCTION affiliates_account_change_unverifies() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.bank_id IS DISTINCT FROM OLD.bank_id
     OR ((NEW.account_number, NEW.account_number_sealed, NEW.account_number_hash)
           IS DISTINCT FROM (OLD.account_number, OLD.account_number_sealed, OLD.account_number_hash)
         AND coalesce(current_setting('portal.number_reseal', true), '') <> 'on') THEN
    IF NEW.bank_resolved_at IS NOT DISTINCT FROM OLD.bank_resolved_at THEN
      NEW.bank_account_name := NULL;
      NEW.bank_name_match_score := NULL;
      NEW.bank_resolution_ref := NULL;
      NEW.bank_resolved_at := NULL;
      NEW.bank_verified_via := NULL;
      NEW.bank_verified_by := NULL;
    END IF;
    UPDATE bank_account_verifications SET status = 'superseded'
     WHERE affiliate_id = NEW.affiliate_id AND status = 'awaiting-second';
  END IF;
  RETURN NEW;
END $fn$;
CREATE TRIGGER affiliates_account_change_unverifies BEFORE UPDATE ON affiliates
  FOR EACH ROW EXECUTE FUNCTION affiliates_account_change_unverifies();

-- A bank-file line records whether the account it pays was verified when the run was submitted (the approver
-- sees it; an unverified one is verified by the bank's paid result), and who recorded the bank's result.
ALTER TABLE payout_lines
  ADD COLUMN account_verified boolean,
  ADD COLUMN result_by        bigint REFERENCES users (user_id);

-- Four eyes on the bank's result (issue 48 item 6): whoever marks a bank-file line paid or failed (by the
-- result file or by hand) is not the run's creator, so one person cannot both make a run and declare it paid
-- or failed (a line wrongly failed would return its money to the next run). Paystack's lines are moved by
-- Paystack's own answers.
CREATE FUNCTION payout_lines_result_four_eyes() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  run record;
BEGIN
  IF NEW.status IN ('paid', 'failed') AND NEW.status IS DISTINCT FROM OLD.status THEN
    SELECT r.provider, r.created_by INTO run FROM payout_runs r WHERE r.payout_run_id = NEW.payout_run_id;
    IF FOUND AND run.provider = 'bank-file'
       AND (NEW.result_by IS NULL OR NEW.result_by = run.created_by) THEN
      RAISE EXCEPTION 'the bank result of payout line % is recorded by another admin than the run''s creator',
        NEW.payout_line_id USING ERRCODE = 'P0001';
    END IF;
  END IF;
  RETURN NEW;
END $fn$;
CREATE TRIGGER payout_lines_result_four_eyes BEFORE UPDATE ON payout_lines
  FOR EACH ROW EXECUTE FUNCTION payout_lines_result_four_eyes();

-- One affiliate's huge total never stops a run (issue 48 item 2; docs/decisions.md "One payout line pays at most
-- ₦999,999,999,999.99"). Ingestion accepts orders up to 999,999,999,999.99, so an affiliate's sum has no bound:
-- a line's amounts are unbounded numeric with two decimals (an ineligible line shows the whole sum), and a
-- line that pays holds at most what one order can be; a larger sum is listed ineligible with its reason.
ALTER TABLE payout_lines
  ALTER COLUMN gross TYPE numeric,
  ALTER COLUMN deductions TYPE numeric,
  ALTER COLUMN net TYPE numeric,
  ADD CONSTRAINT payout_lines_payable_at_most CHECK (status = 'ineligible' OR net <= 999999999999.99);
-- Kobo exactly: more than two decimals is refused (never rounded away), and every amount is stored with two, so
-- each reader's ::text says '0.00', as numeric(16, 2) did.
CREATE FUNCTION payout_lines_two_decimals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.gross <> round(NEW.gross, 2) OR NEW.deductions <> round(NEW.deductions, 2) OR NEW.net <> round(NEW.net, 2) THEN
    RAISE EXCEPTION 'payout line % has an amount finer than a kobo', NEW.payout_line_id USING ERRCODE = '22003';
  END IF;
  NEW.gross := round(NEW.gross, 2);
  NEW.deductions := round(NEW.deductions, 2);
  NEW.net := round(NEW.net, 2);
  RETURN NEW;
END $fn$;
CREATE TRIGGER payout_lines_two_decimals BEFORE INSERT OR UPDATE OF gross, deductions, net ON payout_lines
  FOR EACH ROW EXECUTE FUNCTION payout_lines_two_decimals();

-- Paystack's fee for each transfer, as its transfer answers and events report it (issue 48 item 8): a Paystack
-- run's totals show the fees it cost. NULL until Paystack tells it.
ALTER TABLE payout_lines ADD COLUMN provider_fee numeric(14, 2) CHECK (provider_fee >= 0);
