-- Issue 49 item 3: holds in the money loop. An affiliate with an open risk case at the hold's severity
-- (risk_settings.holdMinimumSeverity) is listed 'Under risk review' in a new run, and a line already in a run when
-- the case opened is not paid until an admin excludes it or lets it go. Letting go is recorded on the line: who,
-- when. The case itself stays open for its review.
ALTER TABLE payout_lines
  ADD COLUMN risk_let_go_by bigint REFERENCES users (user_id),
  ADD COLUMN risk_let_go_at timestamptz,
  ADD CONSTRAINT payout_lines_risk_let_go_whole CHECK ((risk_let_go_by IS NULL) = (risk_let_go_at IS NULL));
