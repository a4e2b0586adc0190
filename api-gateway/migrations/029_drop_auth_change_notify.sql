-- Sign-in and sessions read the database on every call (issue 25): nothing in a gateway's memory listens for
-- changes any more, so the notices of migrations 007, 008, 023 and 026 go, with their functions.
DROP TRIGGER users_auth_changed ON users;
DROP TRIGGER affiliates_auth_changed ON affiliates;
DROP TRIGGER sessions_auth_changed ON sessions;
DROP TRIGGER banks_auth_changed ON banks;
DROP TRIGGER temporary_passwords_auth_changed ON temporary_passwords;
DROP TRIGGER login_history_failure_counted ON login_history;
DROP TRIGGER login_history_changed ON login_history;
DROP FUNCTION notify_auth_changed();
DROP FUNCTION notify_sign_in_failed();
DROP FUNCTION notify_login_history_changed();
