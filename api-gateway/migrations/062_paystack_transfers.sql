-- Paying a run through Paystack Transfers (issue 28; docs/payouts.md).

-- A transfer recipient per verified account, created once (POST /transferrecipient, type nuban) and reused by
-- every later run. Keyed as 045 keys resolutions: a keyed hash (HMAC under the server secret, purpose
-- 'bank-account') of the bank code and account number, so the table holds no account number in clear.
CREATE TABLE paystack_transfer_recipients (
  account_key    text PRIMARY KEY,
  recipient_code text NOT NULL CHECK (recipient_code ~ '^RCP_[A-Za-z0-9]{1,64}$'),
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- The gateway executing a run holds it until execution_lease_until and renews it between chunks; another
-- gateway (or this one restarted after a crash) takes the run over only once the lease has run out, so two
-- gateways never send one run's chunks at once. balance_checked_at: the balance was found enough for the run,
-- after which the run is never sent back to 'approved'.
ALTER TABLE payout_runs
  ADD COLUMN execution_lease_until timestamptz,
  ADD COLUMN balance_checked_at    timestamptz;
CREATE INDEX payout_runs_executing_idx ON payout_runs (payout_run_id) WHERE status = 'executing';

-- The reconciler's question: which lines have waited long enough for news (sending, processing).
CREATE INDEX payout_lines_in_flight_idx ON payout_lines (updated_at)
  WHERE status IN ('sending', 'processing');

-- /api/health shows the payout provider beside the message providers: its last answered and last failed call.
ALTER TABLE provider_health DROP CONSTRAINT provider_health_channel_check;
ALTER TABLE provider_health ADD CONSTRAINT provider_health_channel_check
  CHECK (channel IN ('email', 'whatsapp', 'sms', 'payouts'));
