-- The review modal shows duplicate-identity flags both ways: raised by this affiliate and against it.
CREATE INDEX IF NOT EXISTS affiliate_flags_other_idx ON affiliate_flags (other_affiliate_id);
