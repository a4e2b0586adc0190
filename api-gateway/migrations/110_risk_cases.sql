-- Issue 49, items 1 and 2 (docs/risk.md): risk signals raise cases that back office and admins review.
-- A signal is a reason to look, never a verdict: a case keeps the evidence that raised it and is closed by a person.

INSERT INTO rights (right_key, description) VALUES
  ('risk_review', 'Risk review queue: cases, evidence, dismiss, confirm, note'),
  ('risk_settings', 'Risk signal thresholds')
ON CONFLICT (right_key) DO NOTHING;
INSERT INTO role_rights (role_id, affiliate_status, right_key) VALUES
  (1, NULL, 'risk_review'), (2, NULL, 'risk_review'), (1, NULL, 'risk_settings')
ON CONFLICT DO NOTHING;

-- Thresholds of the signals, one row each; defaults are what a programme starts with, admins change them.
CREATE TABLE risk_settings (
  setting_key text PRIMARY KEY,
  value       numeric(12, 2) NOT NULL CHECK (value >= 0),
  updated_by  bigint REFERENCES users (user_id),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO risk_settings (setting_key, value) VALUES
  ('cancellationWindowDays', 30),
  ('cancellationRatePercent', 30),
  ('cancellationMinimumOrders', 5),
  ('burstBaselineDays', 28),
  ('burstFactor', 5),
  ('burstMinimumOrders', 20),
  ('gamingWindowDays', 30),
  ('gamingMarginPercent', 5),
  ('gamingSharePercent', 60),
  ('gamingMinimumOrders', 10),
  ('holdMinimumSeverity', 3);

-- Keys under which contacts are compared: the last 10 digits of a mobile (08031234567, +2348031234567 and
-- 8031234567 are one number), and a name lower-cased with its spaces collapsed.
CREATE FUNCTION risk_mobile_key(mobile text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT NULLIF(right(regexp_replace(mobile, '[^0-9]', '', 'g'), 10), '') $$;
CREATE FUNCTION risk_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT NULLIF(lower(regexp_replace(btrim(name), '\s+', ' ', 'g')), '') $$;
CREATE INDEX affiliates_risk_mobile_idx ON affiliates (risk_mobile_key(mobile_number));
CREATE INDEX retailers_risk_mobile_idx ON retailers (risk_mobile_key(fao_mobile_no), affiliate_id);
-- The burst and gaming signals read an affiliate's recent orders; the cancellation signal its recent entries.
CREATE INDEX commission_entries_affiliate_created_idx ON commission_entries (affiliate_id, created_at)
  WHERE kind = 'earned';
CREATE INDEX orders_retailer_date_idx ON orders (retailer_id, order_date);

-- One case per affiliate and signal kind while open (the partial unique index); severity 1 low, 2 medium, 3 high.
CREATE TABLE risk_cases (
  case_id      bigserial PRIMARY KEY,
  affiliate_id bigint NOT NULL REFERENCES affiliates (affiliate_id),
  kind         text NOT NULL CHECK (kind IN ('selfDealing', 'sharedAccount', 'sharedMobile', 'sharedIdentity',
                                             'cancellations', 'orderBurst', 'thresholdGaming', 'retailerRehoming')),
  severity     smallint NOT NULL CHECK (severity BETWEEN 1 AND 3),
  state        text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'dismissed', 'confirmed')),
  summary      text NOT NULL,
  -- { rows: [...], figures: {...} } as the signal found it; evidence_key names the rows, so the same rows
  -- found again change nothing and a dismissed case is not opened again by them.
  evidence     jsonb NOT NULL,
  evidence_key text NOT NULL,
  opened_at    timestamptz NOT NULL,
  seen_at      timestamptz NOT NULL,
  closed_at    timestamptz,
  closed_by    bigint REFERENCES users (user_id),
  close_reason text,
  CHECK ((state = 'open') = (closed_at IS NULL)),
  CHECK (state <> 'dismissed' OR close_reason IS NOT NULL)
);
CREATE UNIQUE INDEX risk_cases_one_open_idx ON risk_cases (affiliate_id, kind) WHERE state = 'open';
CREATE INDEX risk_cases_queue_idx ON risk_cases (severity DESC, opened_at, case_id) WHERE state = 'open';
CREATE INDEX risk_cases_evidence_idx ON risk_cases (affiliate_id, kind, evidence_key);

CREATE TABLE risk_case_notes (
  note_id    bigserial PRIMARY KEY,
  case_id    bigint NOT NULL REFERENCES risk_cases (case_id),
  author_id  bigint NOT NULL REFERENCES users (user_id),
  action     text NOT NULL CHECK (action IN ('note', 'dismiss', 'confirm')),
  body       text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX risk_case_notes_case_idx ON risk_case_notes (case_id, note_id);

-- The one query the payout runs will ask (issue 49 item 3): is this affiliate held for review now?
CREATE FUNCTION affiliate_risk_hold(p_affiliate_id bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM risk_cases c
     WHERE c.affiliate_id = p_affiliate_id AND c.state = 'open'
       AND c.severity >= (SELECT value FROM risk_settings WHERE setting_key = 'holdMinimumSeverity'))
$$;

-- Affiliates whose rows changed since the signals last looked at them: appended by statement triggers (no
-- unique key, so writers never wait on each other), taken by the gateways with SKIP LOCKED.
CREATE TABLE risk_marks (
  mark_id      bigserial PRIMARY KEY,
  affiliate_id bigint NOT NULL
);

CREATE FUNCTION risk_mark_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO risk_marks (affiliate_id) SELECT DISTINCT affiliate_id FROM new_rows;
  RETURN NULL;
END $$;
CREATE FUNCTION risk_mark_rate_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO risk_marks (affiliate_id)
  SELECT a.affiliate_id FROM affiliates a WHERE a.affiliate_code IN (SELECT DISTINCT affiliate_code FROM new_rows);
  RETURN NULL;
END $$;

CREATE TRIGGER orders_risk_mark_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_mark_new_rows();
CREATE TRIGGER orders_risk_mark_update AFTER UPDATE ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_mark_new_rows();
CREATE TRIGGER retailers_risk_mark_insert AFTER INSERT ON retailers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_mark_new_rows();
CREATE TRIGGER retailers_risk_mark_update AFTER UPDATE ON retailers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_mark_new_rows();
CREATE TRIGGER affiliates_risk_mark_insert AFTER INSERT ON affiliates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_mark_new_rows();
CREATE TRIGGER affiliates_risk_mark_update AFTER UPDATE ON affiliates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_mark_new_rows();
CREATE TRIGGER commission_rates_risk_mark_insert AFTER INSERT ON commission_rates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_mark_rate_rows();
