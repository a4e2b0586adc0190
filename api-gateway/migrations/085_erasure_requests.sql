-- Issue 48: an affiliate's own request to erase its personal data (Profile), for the admins to act on once
-- nothing is owed. One open request per affiliate; the erasure closes it.
CREATE TABLE erasure_requests (
  erasure_request_id bigserial PRIMARY KEY,
  affiliate_id       bigint NOT NULL REFERENCES affiliates (affiliate_id),
  note               text CHECK (length(note) <= 500),
  requested_at       timestamptz NOT NULL,
  closed_at          timestamptz
);
CREATE UNIQUE INDEX erasure_requests_one_open_idx ON erasure_requests (affiliate_id) WHERE closed_at IS NULL;
