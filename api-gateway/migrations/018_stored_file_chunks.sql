-- File bytes in the database (issue 14, two gateways on one database): on PostgreSQL every gateway reads
-- every file (an export made on one gateway downloads from another). Bytes come in chunks so an export is
-- written and read a piece at a time. Keyed by storage key, not by stored_files row: the bytes are written
-- before their row exists (a streamed export gets its row once complete). Chunks whose row never came (a
-- gateway stopped mid-export) are removed by the export purge and the selfie sweep after a grace period.
CREATE TABLE stored_file_chunks (
  storage_key text NOT NULL,
  seq         integer NOT NULL,
  data        bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (storage_key, seq)
);
CREATE INDEX stored_file_chunks_orphan_idx ON stored_file_chunks (created_at) WHERE seq = 0;

-- One export per user at a time across every gateway: a gateway claims the user's row for the export's
-- length. A claim older than a quarter of an hour is a gateway that stopped mid-export and is taken over.
CREATE TABLE export_runs (
  user_id    bigint PRIMARY KEY,
  started_at timestamptz NOT NULL
);
