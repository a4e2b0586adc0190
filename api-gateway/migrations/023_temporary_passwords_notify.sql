-- Sign-in keeps each account's credentials in memory (the session cache, src/auth/session-cache.ts), including
-- the pending temporary password of a forgot-password request: a new, replaced or dropped one must empty
-- that memory on every gateway, as changes to users and affiliates already do (migration 007). The payload
-- (the table's name) lets the cache drop only what sign-in read.
CREATE TRIGGER temporary_passwords_auth_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON temporary_passwords
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
