-- Announces every change that can end a session or change what a signed-in user sees (sessions revoked,
-- users deactivated, affiliate status or details, bank names), so an in-process cache of sessions and
-- profiles can be dropped in the same commit. Statement-level: one notice per statement, deduplicated per
-- transaction by PostgreSQL, none when the transaction rolls back.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER users_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER affiliates_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON affiliates
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
-- Not on INSERT: every sign-in adds a session, and a new session is never in a cache.
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER banks_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON banks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
