-- The login report's search (issue 25: its p95 was 1.70 s under the 50-user soak). It matched each sign-in's
-- joined text, so every call, its count included, read all of login_history. It now matches the affiliates on
-- their trigram index and reads only their sign-ins, from this index; an erasure's delete of one user's
-- sign-ins uses it too.
CREATE INDEX login_history_user_idx ON login_history (user_id, logged_at);
