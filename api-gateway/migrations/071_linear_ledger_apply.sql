-- The ledger's functions of 060 and 061, linear in the orders a statement writes whatever plan PostgreSQL
-- keeps for them.
--
-- A rate upload that recomputed ~22,000-28,000 orders on PostgreSQL ran for over five minutes and timed out
-- (the two-gateway race suites, 2026-11-28): the statements inside PL/pgSQL functions keep cached plans, and
-- plans made for the small batches ingestion sends were used for the recompute's one big statement.
--  - commission_ledger_apply: plan_cache_mode = force_custom_plan, so each call is planned with its own arrays,
--    whose sizes the planner then knows (a generic plan estimates every unnest() at 10 rows); and `marked`
--    returns the reversal's figures itself, so `written` no longer joins two CTEs (a nested loop of the two
--    when they were estimated at one row each).
--  - commission_ledger_follow_orders: below.
-- commission_ledger_apply(order_ids bigint[], old_statuses text[]) was defined here; its one body is today's, in
-- repeatable/functions.sql, applied after the numbered migrations (no migration writes orders before it runs).

-- The trigger's pairing of old and new rows, planned again on every call. A statement with no parameters keeps
-- the plan of its first call for the whole session: one planned for a one-row transition table (a nested loop)
-- was used for the 28,000 rows of a recompute, 28,000 x 28,000 rows. EXECUTE plans it with the tables' sizes
-- of the moment, as the summary triggers of 013 and 014 already do.
CREATE OR REPLACE FUNCTION commission_ledger_follow_orders() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ids bigint[];
  olds text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.order_id ORDER BY n.order_id), array_agg(NULL::text)
      INTO ids, olds FROM new_rows n;
  ELSE
    EXECUTE $sql$
      SELECT array_agg(n.order_id ORDER BY n.order_id), array_agg(o.status ORDER BY n.order_id)
        FROM new_rows n JOIN old_rows o ON o.order_id = n.order_id
       WHERE (n.status, n.commission_amount) IS DISTINCT FROM (o.status, o.commission_amount)
    $sql$ INTO ids, olds;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM commission_ledger_apply(ids, olds);
  END IF;
  RETURN NULL;
END $fn$;
