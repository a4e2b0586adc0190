-- Issue 29: selfies of rejected applications are deleted after SELFIE_RETENTION_DAYS (default 90) by the selfie
-- sweep; it finds the rejected affiliates still holding one, oldest decision first, through this index.
CREATE INDEX affiliates_rejected_selfie_idx ON affiliates (updated_date)
  WHERE status = 'KYC Rejected' AND selfie_image_path IS NOT NULL;
