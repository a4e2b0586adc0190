-- A draft payout run is a preview (issue 28, docs/decisions.md "A draft holds no entries"): creating it lists
-- the lines with the amounts of one aggregate and attaches no entry; submitting it locks the entries, brings
-- each line up to date and attaches them. At 50k affiliates a run attached ~480k entries at creation (a row
-- each), which took a minute; the list now comes from one aggregate.

-- The instant the run's money must be available before (the end of the cutoff day, or the creation if earlier),
-- kept so that the submission attaches exactly what the draft listed as of then.
ALTER TABLE payout_runs ADD COLUMN entries_before timestamptz;
UPDATE payout_runs
   SET entries_before = least(((cutoff + 1)::timestamp AT TIME ZONE 'Africa/Lagos'), created_at);
ALTER TABLE payout_runs ALTER COLUMN entries_before SET NOT NULL;

-- Drafts made before this migration held their entries: they are released, as a draft made now holds none.
DELETE FROM payout_line_entries p
 USING payout_lines l, payout_runs r
 WHERE p.payout_line_id = l.payout_line_id AND l.payout_run_id = r.payout_run_id AND r.status = 'draft';

-- A line moves forward only, except in a draft: there its amounts follow the ledger until submission, and a line
-- that can no longer be paid becomes ineligible (with the reason). Otherwise as in 061.
CREATE OR REPLACE FUNCTION payout_lines_forward_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  in_draft boolean := OLD.status = 'pending' AND EXISTS (
    SELECT 1 FROM payout_runs r WHERE r.payout_run_id = OLD.payout_run_id AND r.status = 'draft');
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('sending', 'processing', 'paid', 'failed', 'excluded', 'cancelled'))
    OR (in_draft AND NEW.status = 'ineligible')
    OR (OLD.status = 'sending' AND NEW.status IN ('processing', 'paid', 'failed'))
    OR (OLD.status = 'processing' AND NEW.status IN ('paid', 'failed'))
    OR (OLD.status = 'paid' AND NEW.status = 'reversed')) THEN
    RAISE EXCEPTION 'payout line % cannot move from % to %', OLD.payout_line_id, OLD.status, NEW.status
      USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.affiliate_id, NEW.payout_run_id, NEW.reference) IS DISTINCT FROM
     (OLD.affiliate_id, OLD.payout_run_id, OLD.reference)
     OR (NOT in_draft AND (NEW.gross, NEW.deductions, NEW.net) IS DISTINCT FROM (OLD.gross, OLD.deductions, OLD.net))
  THEN
    RAISE EXCEPTION 'payout line % keeps its affiliate, run, reference and amounts', OLD.payout_line_id
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $fn$;

-- A draft run's lines hold no entries (checked per statement, beside 061's check).
CREATE FUNCTION payout_line_entries_not_in_draft() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n
               JOIN payout_lines l ON l.payout_line_id = n.payout_line_id
               JOIN payout_runs r ON r.payout_run_id = l.payout_run_id
              WHERE r.status = 'draft') THEN
    RAISE EXCEPTION 'a draft payout run holds no entries' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $fn$;
CREATE TRIGGER payout_line_entries_not_in_draft AFTER INSERT ON payout_line_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_line_entries_not_in_draft();
