-- Forgot password no longer changes the account (issue 9): the emailed temporary password is a second,
-- pending credential beside users.password_hash until a new password is set, the owner signs in with the
-- real one, or it expires. One per user: a later reset replaces it.
CREATE TABLE temporary_passwords (
  user_id       bigint PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);

-- Every forgot-password request that was answered, known address or not, for the per-address and per-IP
-- limits (in the database, so they hold across gateways). `sent` says whether an email went out.
CREATE TABLE password_reset_requests (
  request_id   bigserial PRIMARY KEY,
  email_key    text NOT NULL,
  ip           text,
  requested_at timestamptz NOT NULL,
  sent         boolean NOT NULL
);
CREATE INDEX password_reset_requests_email_idx ON password_reset_requests (email_key, requested_at) WHERE sent;
CREATE INDEX password_reset_requests_ip_idx ON password_reset_requests (ip, requested_at);
CREATE INDEX password_reset_requests_at_idx ON password_reset_requests (requested_at);

-- A session signed in with a temporary password may only change the password (issue 9): the flag lives on
-- the session, since the account itself is not changed by a reset.
ALTER TABLE sessions ADD COLUMN force_password_update boolean NOT NULL DEFAULT false;

-- The session cache (migration 007) must also hear when that flag clears.
DROP TRIGGER sessions_auth_changed ON sessions;
CREATE TRIGGER sessions_auth_changed
  AFTER UPDATE OF revoked_at, expires_at, user_id, force_password_update OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
