-- Issue 25: under the 50-user soak the back office's affiliate search and the login report's total matched
-- search_text on every affiliate for a word the trigram index cannot narrow (two letters, or one most affiliates
-- contain): a scan of the whole table, whose rows carry every affiliate column (43 MB at 50,000 affiliates,
-- 75-80 ms a call). This index holds just the text and the user: the same LIKE reads it alone, an index-only scan
-- of a tenth of the pages (8-30 ms), and the login report joins its sign-in counts on the user. The text is at
-- most about 400 characters (code, a 100-character name, a 254-character email, a mobile number), far below a
-- btree entry's limit.
CREATE INDEX affiliates_search_scan_idx ON affiliates (search_text) INCLUDE (user_id);
