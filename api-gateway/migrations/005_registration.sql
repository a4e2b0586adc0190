-- Registration (issue 4): the browser's claim on its registration, OTP send log for rate limits,
-- captcha per IP, outbox retry schedule.

-- Keyed hash of the secret in the HttpOnly cookie that binds a registration to the browser that started it.
ALTER TABLE registrations ADD COLUMN client_secret_hash text;

-- Every OTP sent, for the per-destination, per-email and per-IP caps.
CREATE TABLE otp_sends (
  send_id     bigserial PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('email', 'mobile')),
  destination text NOT NULL,
  email       text NOT NULL,
  ip          text,
  sent_at     timestamptz NOT NULL
);
CREATE INDEX otp_sends_destination_idx ON otp_sends (lower(destination), sent_at);
CREATE INDEX otp_sends_email_idx ON otp_sends (lower(email), sent_at);
CREATE INDEX otp_sends_ip_idx ON otp_sends (ip, sent_at);

ALTER TABLE captcha_challenges ADD COLUMN ip text;
-- The plain answer, kept only outside production so browser tests can solve it (GET /api/dev/captcha/{id}).
ALTER TABLE captcha_challenges ADD COLUMN dev_answer text;
CREATE INDEX captcha_challenges_ip_idx ON captcha_challenges (ip, created_at);

-- Delivery retries: a failed message waits until next_attempt_at; a claimed one is leased the same way.
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at, message_id) WHERE status = 'pending';
