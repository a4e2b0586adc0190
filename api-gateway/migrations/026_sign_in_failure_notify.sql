-- Sign-in keeps in memory, per user name and per IP, that the last lockout read found no lock (the session
-- cache, src/auth/session-cache.ts): a lock can only begin with a new counted failure, so each such failure
-- is announced on the session cache's channel with the lowered user name and the IP, and every gateway
-- forgets those two before its next sign-in reads them. Any other change to the history (a purge, an edit)
-- makes every gateway forget everything it knew about locks.
CREATE FUNCTION notify_sign_in_failed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text := 'sign_in_failed:' || json_build_array(lower(NEW.user_name), NEW.ip)::text;
BEGIN
  -- A notice holds at most 8000 bytes (an error beyond, which would fail the insert): forget everything instead.
  IF octet_length(payload) >= 8000 THEN
    payload := 'login_history';
  END IF;
  PERFORM pg_notify('portal_auth_changed', payload);
  RETURN NULL;
END $$;

CREATE TRIGGER login_history_failure_counted AFTER INSERT ON login_history
  FOR EACH ROW WHEN (NOT NEW.success AND NEW.failure_reason = 'invalid_credentials')
  EXECUTE FUNCTION notify_sign_in_failed();

CREATE FUNCTION notify_login_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth_changed', 'login_history');
  RETURN NULL;
END $$;

CREATE TRIGGER login_history_changed AFTER UPDATE OR DELETE OR TRUNCATE ON login_history
  FOR EACH STATEMENT EXECUTE FUNCTION notify_login_history_changed();
