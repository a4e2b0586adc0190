-- Issue 27 leftover: a delivery receipt can reach the webhook before the worker has stored the provider's message id
-- on its outbox row (the send call's answer and the provider's webhook race). Such a receipt waits here, and is
-- applied (forward only, as any receipt) as soon as the id is stored.
-- See docs/decisions.md, "WhatsApp receipts move a message forward only".
CREATE TABLE early_delivery_receipts (
  receipt_id          bigserial PRIMARY KEY,
  channel             text NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
  provider_message_id text NOT NULL CHECK (length(provider_message_id) BETWEEN 1 AND 200),
  status              text NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
  status_at           timestamptz NOT NULL,
  -- For a failure: what the applicant is told (a recipient error) and what staff see, as for a receipt applied at once.
  user_error          text CHECK (user_error IS NULL OR length(user_error) <= 300),
  failure             text CHECK (failure IS NULL OR length(failure) <= 500),
  received_at         timestamptz NOT NULL DEFAULT now(),
  -- A repeated receipt is kept once.
  UNIQUE (channel, provider_message_id, status)
);
-- Receipts for ids no outbox row ever gets (another sender on the same account) are dropped after a day.
CREATE INDEX early_delivery_receipts_received_idx ON early_delivery_receipts (received_at);
