-- A second factor for staff (issue 29): TOTP (RFC 6238) with ten single-use recovery codes.
-- One row per user: the secret (base32, in the one column `secret` so that encrypting it at rest later touches
-- one column), when it was confirmed (NULL while enrolment waits for its first code) and the last time step a
-- code was accepted for: a code is taken with `UPDATE ... WHERE last_used_step < $step`, so one code (or any
-- older one) is never accepted twice, whatever the number of gateways.
CREATE TABLE user_second_factors (
  user_id        bigint PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
  secret         text NOT NULL CHECK (length(secret) BETWEEN 16 AND 512),
  confirmed_at   timestamptz,
  last_used_step bigint NOT NULL DEFAULT -1,
  created_at     timestamptz NOT NULL
);

-- Recovery codes: SHA-256 of 80 random bits each (hex), used once (`used_at` set by one UPDATE).
CREATE TABLE second_factor_recovery_codes (
  user_id   bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  used_at   timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A session signed in by an Admin who has no second factor while ADMIN_SECOND_FACTOR is required: it may only
-- enrol (and sign out, and change a forced password), as force_password_update works.
ALTER TABLE sessions ADD COLUMN second_factor_enrolment boolean NOT NULL DEFAULT false;
