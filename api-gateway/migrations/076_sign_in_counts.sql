-- Issue 25: under the 50-user soak PostgreSQL spent most of its time on the login report's total: a search word
-- that most affiliates match (their e-mail domain, say) counted every one of their sign-ins through a join of
-- login_history (1,000 rows per SEED_SCALE) with affiliates. The total of a report without dates is now the sum
-- of the matching affiliates' counts, kept here in the same statement as every insert, delete or change of owner
-- in login_history, so it is exact in every snapshot. A report with dates still counts its rows.
CREATE TABLE sign_in_counts (
  user_id  bigint PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
  attempts bigint NOT NULL CHECK (attempts >= 0)
);
INSERT INTO sign_in_counts (user_id, attempts)
  SELECT user_id, count(*) FROM login_history WHERE user_id IS NOT NULL GROUP BY user_id;

-- Per statement (transition tables), so a bulk insert is one aggregated upsert; in user order, so two statements
-- touching the same users cannot deadlock.
CREATE FUNCTION sign_in_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sign_in_counts AS c (user_id, attempts)
    SELECT user_id, count(*) FROM new_rows WHERE user_id IS NOT NULL GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET attempts = c.attempts + excluded.attempts;
  ELSE
    UPDATE sign_in_counts c SET attempts = c.attempts - gone.n
      FROM (SELECT user_id, count(*) AS n FROM old_rows WHERE user_id IS NOT NULL GROUP BY user_id) gone
     WHERE c.user_id = gone.user_id;
  END IF;
  RETURN NULL;
END $fn$;

CREATE TRIGGER login_history_sign_in_counts_insert AFTER INSERT ON login_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sign_in_counts_sync();
CREATE TRIGGER login_history_sign_in_counts_delete AFTER DELETE ON login_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sign_in_counts_sync();

-- Nothing moves a sign-in to another user today; should anything, the counts follow. Per row, so the updates
-- that settle an attempt (success, failure reason) skip it on the WHEN alone.
CREATE FUNCTION sign_in_counts_move() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE sign_in_counts SET attempts = attempts - 1 WHERE user_id = OLD.user_id;
  IF NEW.user_id IS NOT NULL THEN
    INSERT INTO sign_in_counts AS c (user_id, attempts) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET attempts = c.attempts + 1;
  END IF;
  RETURN NULL;
END $fn$;
CREATE TRIGGER login_history_sign_in_counts_move AFTER UPDATE OF user_id ON login_history
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION sign_in_counts_move();

CREATE FUNCTION sign_in_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM sign_in_counts;
  RETURN NULL;
END $fn$;
CREATE TRIGGER login_history_sign_in_counts_truncate AFTER TRUNCATE ON login_history
  FOR EACH STATEMENT EXECUTE FUNCTION sign_in_counts_clear();
