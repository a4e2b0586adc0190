-- Issue 27 (messaging half): real WhatsApp (Meta Cloud API) with delivery receipts, and an SMS (Termii) fallback
-- for OTP codes. The fallback timing: docs/decisions.md, "SMS fallback: timing and once"; the receipt ordering:
-- docs/decisions.md, "WhatsApp receipts move a message forward only".

-- A third channel: the SMS that carries an OTP WhatsApp did not deliver.
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'whatsapp', 'sms'));

-- 'otp' for a registration code (its body is never shown to staff; it may fall back to SMS).
ALTER TABLE outbox ADD COLUMN purpose text CHECK (purpose IN ('otp'));
-- The code itself, for the provider's template parameters (WhatsApp authentication templates take the code, not
-- a text); the body holds it in clear already. Only on OTP rows.
ALTER TABLE outbox ADD COLUMN otp_code text CHECK (otp_code IS NULL OR otp_code ~ '^[0-9]{4,8}$');
-- The challenge the code belongs to: a fallback goes only while that challenge is still the live one.
ALTER TABLE outbox ADD COLUMN otp_challenge_id uuid REFERENCES otp_challenges (challenge_id) ON DELETE SET NULL;
-- The provider that took the message, and its id (WhatsApp wamid, Termii message_id): receipts find rows by it.
ALTER TABLE outbox ADD COLUMN provider text;
ALTER TABLE outbox ADD COLUMN provider_message_id text;
CREATE UNIQUE INDEX outbox_provider_message_idx ON outbox (channel, provider_message_id)
  WHERE provider_message_id IS NOT NULL;
-- What the provider reported afterwards (receipts); only moves forward: sent < delivered < read, failed is final
-- and only accepted before delivered.
ALTER TABLE outbox ADD COLUMN delivery_status text CHECK (delivery_status IN ('sent', 'delivered', 'read', 'failed'));
ALTER TABLE outbox ADD COLUMN delivery_status_at timestamptz;
-- A failure the applicant can act on (not a WhatsApp number, blocked), in words the registration screen shows.
ALTER TABLE outbox ADD COLUMN user_error text;
-- When an undelivered OTP WhatsApp message falls back to SMS; NULL once delivered, fallen back or not wanted.
ALTER TABLE outbox ADD COLUMN fallback_due_at timestamptz;
CREATE INDEX outbox_fallback_due_idx ON outbox (fallback_due_at) WHERE fallback_due_at IS NOT NULL;
-- The SMS row names the WhatsApp row it replaces: UNIQUE, so one WhatsApp message falls back once, whatever
-- number of workers or webhooks race for it.
ALTER TABLE outbox ADD COLUMN fallback_of bigint UNIQUE REFERENCES outbox (message_id) ON DELETE CASCADE;
-- When the last attempt to hand the message to its provider happened (success or failure), for staff.
ALTER TABLE outbox ADD COLUMN last_attempt_at timestamptz;
CREATE INDEX outbox_created_idx ON outbox (created_at DESC, message_id DESC);

-- Each provider's last success and failure, written by whichever gateway sent, read by /api/health for staff.
CREATE TABLE provider_health (
  channel         text NOT NULL CHECK (channel IN ('email', 'whatsapp', 'sms')),
  provider        text NOT NULL,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_error      text,
  PRIMARY KEY (channel, provider)
);
