-- Issue 25: under the 50-user soak the back office's affiliate search and the login report's search counted
-- their matches with a LIKE on this expression, which no index serves for words shorter than three letters or
-- matching many affiliates: each call then lowered and joined the text of all 50,000 affiliates (60-125 ms of
-- PostgreSQL's CPU). Stored once per write, the scan only compares (about 25 ms); the trigram index moves to it.
ALTER TABLE affiliates ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(affiliate_code || ' ' || full_name || ' ' || email || ' ' || mobile_number)) STORED;
DROP INDEX affiliates_search_idx;
CREATE INDEX affiliates_search_idx ON affiliates USING gin (search_text gin_trgm_ops);
-- A new column has no statistics until the next analyse, which autovacuum may not run for days: meanwhile the
-- planner takes every search for a rare one and walks the whole sign-in index for a word nobody has (0.8 s).
ANALYZE affiliates;
