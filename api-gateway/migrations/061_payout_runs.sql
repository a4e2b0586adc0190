-- Payout runs (issue 28; docs/payouts.md). Builds on 060: payout_lines gain their run,
-- amounts, reference and the account they pay; the line statuses become the full set and the rule "an entry
-- is in at most one live line" is rebuilt on the live statuses (pending, sending, processing, paid).

INSERT INTO rights (right_key, description) VALUES
  ('payouts', 'Payout runs'),
  ('affiliate_payouts', 'My Payouts');
INSERT INTO role_rights (role_id, affiliate_status, right_key) VALUES
  (1, NULL, 'payouts'),
  (3, 'KYC Complete', 'affiliate_payouts');

-- One row: the settings a new run copies (a run keeps what it used). Changes are audited (payout.settings).
CREATE TABLE payout_settings (
  singleton           boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  minimum_payout      numeric(14, 2) NOT NULL DEFAULT 1000.00 CHECK (minimum_payout >= 0),
  withholding_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (withholding_percent BETWEEN 0 AND 100),
  updated_by          bigint REFERENCES users (user_id),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
INSERT INTO payout_settings (singleton) VALUES (true);

-- A run: a cutoff (a business day in Africa/Lagos: entries available before the end of that day), the provider
-- fixed at creation, the settings as used, and four eyes (the one who decides is not the one who created).
CREATE TABLE payout_runs (
  payout_run_id       bigserial PRIMARY KEY,
  cutoff              date NOT NULL,
  status              text NOT NULL DEFAULT 'draft'
                      CHECK (status IN ('draft', 'submitted', 'approved', 'rejected', 'executing', 'completed')),
  provider            text NOT NULL CHECK (provider IN ('bank-file', 'paystack')),
  minimum_payout      numeric(14, 2) NOT NULL CHECK (minimum_payout >= 0),
  withholding_percent numeric(5, 2) NOT NULL CHECK (withholding_percent BETWEEN 0 AND 100),
  created_by          bigint NOT NULL REFERENCES users (user_id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  submitted_at        timestamptz,
  decided_by          bigint REFERENCES users (user_id),
  decided_at          timestamptz,
  decision_remark     text CHECK (length(decision_remark) <= 500),
  executed_by         bigint REFERENCES users (user_id),
  executed_at         timestamptz,
  provider_message    text,
  completed_at        timestamptz,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (decided_by <> created_by),
  CHECK ((decided_by IS NULL) = (decided_at IS NULL)),
  CHECK (status IN ('draft', 'submitted') OR decided_by IS NOT NULL),
  CHECK (status = 'draft' OR submitted_at IS NOT NULL),
  CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);
-- One open run at a time: a second one is refused by this index (the gateway answers 409 naming the open run).
CREATE UNIQUE INDEX payout_runs_one_open_idx ON payout_runs ((true))
  WHERE status IN ('draft', 'submitted', 'approved', 'executing');
CREATE INDEX payout_runs_newest_idx ON payout_runs (payout_run_id DESC);

-- A run moves forward only: draft -> submitted -> approved | rejected; approved -> executing -> completed, and
-- executing -> approved when the provider refuses to start (balance too low: provider_message says why).
CREATE FUNCTION payout_runs_forward_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'draft' AND NEW.status = 'submitted')
    OR (OLD.status = 'submitted' AND NEW.status IN ('approved', 'rejected', 'executing'))
    OR (OLD.status = 'approved' AND NEW.status = 'executing')
    OR (OLD.status = 'executing' AND NEW.status IN ('approved', 'completed'))) THEN
    RAISE EXCEPTION 'payout run % cannot move from % to %', OLD.payout_run_id, OLD.status, NEW.status
      USING ERRCODE = 'P0001';
  END IF;
  IF NEW.created_by IS DISTINCT FROM OLD.created_by OR NEW.provider IS DISTINCT FROM OLD.provider
     OR NEW.cutoff IS DISTINCT FROM OLD.cutoff OR NEW.minimum_payout IS DISTINCT FROM OLD.minimum_payout
     OR NEW.withholding_percent IS DISTINCT FROM OLD.withholding_percent THEN
    RAISE EXCEPTION 'payout run % keeps its cutoff, provider, settings and creator', OLD.payout_run_id
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $fn$;
CREATE TRIGGER payout_runs_forward_only BEFORE UPDATE ON payout_runs
  FOR EACH ROW EXECUTE FUNCTION payout_runs_forward_only();

-- Lines: every line of a run is listed, eligible or not. 'ineligible' holds no entries (status_reason says why);
-- 'pending' is in a run not yet sent, 'sending' is committed before the provider is called, 'processing' is
-- accepted by the provider or in the bank file; 'excluded' (by an admin, with a reason), 'cancelled' (run
-- rejected), 'failed' and 'reversed' are final and free their entries. Lines from before this migration (tests
-- of 060 only) have no run.
ALTER TABLE payout_lines DROP CONSTRAINT payout_lines_status_check;
ALTER TABLE payout_lines ADD CONSTRAINT payout_lines_status_check CHECK (status IN
  ('ineligible', 'pending', 'sending', 'processing', 'paid', 'failed', 'reversed', 'excluded', 'cancelled'));
ALTER TABLE payout_lines
  ADD COLUMN payout_run_id           bigint REFERENCES payout_runs (payout_run_id),
  -- Ours, Paystack's rule for a transfer reference: lowercase letters, digits and '-' (po-<run>-<line>).
  ADD COLUMN reference               text UNIQUE CHECK (reference ~ '^[a-z0-9-]{1,100}$'),
  ADD COLUMN gross                   numeric(16, 2) NOT NULL DEFAULT 0,
  ADD COLUMN deductions              numeric(16, 2) NOT NULL DEFAULT 0 CHECK (deductions >= 0),
  ADD COLUMN net                     numeric(16, 2) NOT NULL DEFAULT 0,
  -- The account it pays, as it was when the run was created (sealed number: lib/sealed-numbers).
  ADD COLUMN bank_name               text,
  ADD COLUMN bank_code               text,
  ADD COLUMN account_number_sealed   text,
  ADD COLUMN account_last4           text CHECK (account_last4 ~ '^[0-9]{4}$'),
  ADD COLUMN account_name            text,
  ADD COLUMN status_reason           text CHECK (length(status_reason) <= 500),
  ADD COLUMN paid_at                 timestamptz,
  ADD COLUMN provider_transfer_code  text,
  ADD COLUMN paystack_recipient_code text,
  ADD COLUMN updated_at              timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT payout_lines_net CHECK (net = gross - deductions),
  ADD CONSTRAINT payout_lines_payable CHECK (
    status IN ('ineligible', 'pending', 'excluded', 'cancelled') OR payout_run_id IS NULL
    OR (reference IS NOT NULL AND account_number_sealed IS NOT NULL AND bank_code IS NOT NULL AND net > 0)),
  ADD CONSTRAINT payout_lines_paid_at CHECK (status NOT IN ('paid', 'reversed') OR payout_run_id IS NULL
                                             OR paid_at IS NOT NULL),
  ADD CONSTRAINT payout_lines_reasoned CHECK (status NOT IN ('ineligible', 'excluded') OR status_reason IS NOT NULL);
CREATE INDEX payout_lines_run_idx ON payout_lines (payout_run_id, payout_line_id);
CREATE INDEX payout_lines_affiliate_idx ON payout_lines (affiliate_id, payout_line_id);
-- The lines a run still waits for (run completion, the reconciler).
CREATE INDEX payout_lines_open_idx ON payout_lines (payout_run_id)
  WHERE status IN ('pending', 'sending', 'processing');

-- A line moves forward only; failed, reversed, excluded, cancelled and ineligible are final for that line
-- (its entries are free again and go into a later run's new line).
CREATE FUNCTION payout_lines_forward_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('sending', 'processing', 'paid', 'failed', 'excluded', 'cancelled'))
    OR (OLD.status = 'sending' AND NEW.status IN ('processing', 'paid', 'failed'))
    OR (OLD.status = 'processing' AND NEW.status IN ('paid', 'failed'))
    OR (OLD.status = 'paid' AND NEW.status = 'reversed')) THEN
    RAISE EXCEPTION 'payout line % cannot move from % to %', OLD.payout_line_id, OLD.status, NEW.status
      USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.affiliate_id, NEW.payout_run_id, NEW.reference, NEW.gross, NEW.deductions, NEW.net)
     IS DISTINCT FROM (OLD.affiliate_id, OLD.payout_run_id, OLD.reference, OLD.gross, OLD.deductions, OLD.net) THEN
    RAISE EXCEPTION 'payout line % keeps its affiliate, run, reference and amounts', OLD.payout_line_id
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $fn$;
CREATE TRIGGER payout_lines_forward_only BEFORE UPDATE ON payout_lines
  FOR EACH ROW EXECUTE FUNCTION payout_lines_forward_only();

-- The rule of 060 on the live statuses: an entry is in at most one line that holds money.
DROP INDEX payout_line_entries_once_idx;
CREATE UNIQUE INDEX payout_line_entries_once_idx ON payout_line_entries (entry_id)
  WHERE line_status IN ('pending', 'sending', 'processing', 'paid');
CREATE INDEX payout_line_entries_entry_idx ON payout_line_entries (entry_id);

-- A line holds only its own affiliate's entries, never a cancelled earned entry nor a reversal (an earned entry
-- reversed before it was paid and its reversal stay out of every line: together they are 0), and an ineligible
-- line holds none. One check per statement (transition table), not per row.
CREATE FUNCTION payout_line_entries_belong() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  bad record;
BEGIN
  SELECT n.payout_line_id, n.entry_id INTO bad
    FROM new_rows n
    JOIN payout_lines l ON l.payout_line_id = n.payout_line_id
    JOIN commission_entries e ON e.entry_id = n.entry_id
   WHERE e.affiliate_id <> l.affiliate_id OR e.kind = 'reversal' OR e.reversed OR l.status = 'ineligible'
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'entry % does not belong in payout line %', bad.entry_id, bad.payout_line_id
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $fn$;
CREATE TRIGGER payout_line_entries_belong AFTER INSERT ON payout_line_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_line_entries_belong();

-- The ledger function of 060 with "in a payout" meaning a live line (pending, sending, processing, paid): an
-- entry whose line failed, was reversed, excluded or cancelled is free again, so a return reverses it rather
-- than clawing it back. Otherwise unchanged.
-- commission_ledger_apply(order_ids bigint[], old_statuses text[]) was defined here; its one body is today's, in
-- repeatable/functions.sql, applied after the numbered migrations (no migration writes orders before it runs).
