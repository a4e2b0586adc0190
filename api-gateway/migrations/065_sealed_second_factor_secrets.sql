-- Issue 29: the staff TOTP secret is sealed at rest like the identity numbers (AES-256-GCM, src/lib/field-crypto.ts,
-- field 'totp_secret' as additional data). SQL cannot encrypt, so rows already here are sealed by the gateway right
-- after the migrations (resealSecondFactorSecrets, as migration 055's numbers): it writes secret_sealed and empties
-- the clear column in one UPDATE. The clear column stays nullable (and empty) for an older gateway's rows.
ALTER TABLE user_second_factors
  ADD COLUMN secret_sealed text CHECK (secret_sealed IS NULL OR secret_sealed LIKE 'v1:%'),
  ALTER COLUMN secret DROP NOT NULL,
  ADD CONSTRAINT user_second_factors_secret_kept CHECK (secret IS NOT NULL OR secret_sealed IS NOT NULL);
