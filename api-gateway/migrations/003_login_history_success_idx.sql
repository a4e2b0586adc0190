-- A successful sign-in starts an account's failure count afresh; this finds an account's latest success.
CREATE INDEX login_history_user_name_success_idx ON login_history (lower(user_name), logged_at) WHERE success;
