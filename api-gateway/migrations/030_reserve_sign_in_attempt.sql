-- Sign-in counts each attempt before its password is checked (issue 25): under a lock per user name and per IP
-- (always in that order), the lockout and the account are read, then the attempt is written: as a
-- wrong-password failure until the gateway settles it, or as 'locked' when a limit is reached. One call of this
-- function is one statement, hence one transaction: the locks are held until it commits, and each statement
-- inside reads what was committed before it (READ COMMITTED, a VOLATILE function), so attempts racing over any
-- number of gateways are counted one after the other. A function rather than a client-side transaction: one
-- round trip and one commit, and its statements are planned once per connection (PGlite spent ~15 ms planning
-- the lockout read on every sign-in). The limits and the window are the gateway's (modules/auth/lockout.ts).
CREATE FUNCTION reserve_sign_in_attempt(
  p_user_name text, p_ip text, p_at timestamptz, p_user_agent text,
  p_latitude double precision, p_longitude double precision,
  p_account_limit integer, p_ip_limit integer, p_window interval)
RETURNS TABLE (
  login_id bigint, account_limit_failure_at timestamptz, ip_limit_failure_at timestamptz,
  user_id bigint, role_id integer, email text, full_name text, password_hash text, is_active boolean,
  force_password_update boolean, temporary_password_hash text, temporary_password_expires_at timestamptz,
  affiliate_status text)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  since timestamptz := p_at - p_window;
  account_limit_at timestamptz;
  ip_limit_at timestamptz;
  last_success timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('sign-in:user:' || lower(p_user_name), 0));
  IF p_ip IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('sign-in:ip:' || p_ip, 0));
  END IF;

  -- The account counts its wrong-password failures since its last success; the IP, those of every account.
  SELECT max(s.logged_at) INTO last_success FROM login_history s
   WHERE lower(s.user_name) = lower(p_user_name) AND s.success AND s.logged_at > since;
  SELECT f.logged_at INTO account_limit_at FROM login_history f
   WHERE lower(f.user_name) = lower(p_user_name) AND NOT f.success AND f.failure_reason = 'invalid_credentials'
     AND f.logged_at > greatest(since, last_success)
   ORDER BY f.logged_at DESC LIMIT 1 OFFSET p_account_limit - 1;
  IF p_ip IS NOT NULL THEN
    SELECT f.logged_at INTO ip_limit_at FROM login_history f
     WHERE f.ip = p_ip AND NOT f.success AND f.failure_reason = 'invalid_credentials' AND f.logged_at > since
     ORDER BY f.logged_at DESC LIMIT 1 OFFSET p_ip_limit - 1;
  END IF;

  IF account_limit_at IS NOT NULL OR ip_limit_at IS NOT NULL THEN
    INSERT INTO login_history (user_name, logged_at, ip, user_agent, latitude, longitude, success, failure_reason)
    VALUES (p_user_name, p_at, p_ip, p_user_agent, p_latitude, p_longitude, false, 'locked');
    RETURN QUERY SELECT NULL::bigint, account_limit_at, ip_limit_at, NULL::bigint, NULL::integer, NULL::text,
      NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;

  RETURN QUERY
  WITH account AS (
    SELECT u.user_id, u.role_id, u.email, u.full_name, u.password_hash, u.is_active, u.force_password_update,
           t.password_hash AS temporary_password_hash, t.expires_at AS temporary_password_expires_at,
           a.status AS affiliate_status
      FROM users u
      LEFT JOIN affiliates a ON a.user_id = u.user_id
      LEFT JOIN temporary_passwords t ON t.user_id = u.user_id AND t.expires_at > p_at
     WHERE lower(u.email) = lower(p_user_name)
  ), attempt AS (
    INSERT INTO login_history (user_id, user_name, logged_at, ip, user_agent, latitude, longitude, success,
                               failure_reason)
    SELECT (SELECT user_id FROM account), p_user_name, p_at, p_ip, p_user_agent, p_latitude, p_longitude, false,
           'invalid_credentials'
    RETURNING login_id
  )
  SELECT attempt.login_id, NULL::timestamptz, NULL::timestamptz, account.user_id, account.role_id::integer,
         account.email::text, account.full_name::text, account.password_hash::text, account.is_active,
         account.force_password_update, account.temporary_password_hash::text,
         account.temporary_password_expires_at, account.affiliate_status::text
    FROM attempt LEFT JOIN account ON true;
END $$;
