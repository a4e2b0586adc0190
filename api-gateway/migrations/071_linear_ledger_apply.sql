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
CREATE OR REPLACE FUNCTION commission_ledger_apply(order_ids bigint[], old_statuses text[]) RETURNS void
LANGUAGE plpgsql SET jit = off SET plan_cache_mode = force_custom_plan AS $fn$
DECLARE
  cause text := coalesce(' (' || nullif(current_setting('portal.commission_cause', true), '') || ')', '');
  held_from timestamptz := coalesce(nullif(current_setting('portal.ledger_now', true), '')::timestamptz, now());
  replaced_ids bigint[];
  replaced_qualified timestamptz[];
  replaced_available timestamptz[];
BEGIN
  PERFORM 1 FROM commission_entries e
    WHERE e.order_id = ANY (order_ids) AND e.kind = 'earned' AND NOT e.reversed
    ORDER BY e.entry_id FOR UPDATE;

  -- 1. Reversals.
  WITH c AS (
    SELECT o.order_id, o.order_code, o.status, i.old_status,
           o.status IN ('Delivered', 'Completed') AS q,
           CASE WHEN o.status IN ('Delivered', 'Completed') THEN o.commission_amount ELSE 0 END AS t
      FROM unnest(order_ids, old_statuses) AS i(order_id, old_status)
      JOIN orders o ON o.order_id = i.order_id
  ), plan AS (
    SELECT c.*, l.entry_id AS live_id, l.amount AS live_amount, l.qualified_at, l.available_at, l.affiliate_id
      FROM c
      JOIN commission_entries l ON l.order_id = c.order_id AND l.kind = 'earned' AND NOT l.reversed
     WHERE NOT EXISTS (SELECT 1 FROM payout_line_entries p
                        WHERE p.entry_id = l.entry_id AND p.line_status IN ('pending', 'sending', 'processing', 'paid'))
       AND (NOT c.q OR c.t <> (SELECT sum(e.amount) FROM commission_entries e WHERE e.order_id = c.order_id))
  ), marked AS (
    -- The reversal's figures come back with the row marked: `written` reads this CTE alone.
    UPDATE commission_entries e SET reversed = true FROM plan WHERE e.entry_id = plan.live_id
    RETURNING plan.*
  ), written AS (
    INSERT INTO commission_entries (affiliate_id, order_id, kind, amount, reason, qualified_at, available_at,
                                    reverses_entry_id)
    SELECT marked.affiliate_id, marked.order_id, 'reversal', -marked.live_amount,
           CASE WHEN marked.q
                THEN format('Order %s: commission recomputed from %s to %s%s', marked.order_code,
                            marked.live_amount, marked.t, cause)
                ELSE format('Order %s: status changed from %s to %s', marked.order_code,
                            coalesce(marked.old_status, 'Delivered or Completed'), marked.status)
           END,
           marked.qualified_at, marked.available_at, marked.live_id
      FROM marked
     ORDER BY marked.order_id
    RETURNING order_id, qualified_at, available_at
  )
  SELECT array_agg(order_id), array_agg(qualified_at), array_agg(available_at)
    INTO replaced_ids, replaced_qualified, replaced_available
    FROM written;

  -- 2. and 3. Earned entries, then what still differs.
  -- MATERIALIZED: each order's figures once (pulled up, every use of n would sum its entries again).
  WITH s AS MATERIALIZED (
      SELECT o.order_id, o.order_code, o.affiliate_id, o.status, i.old_status,
             o.status IN ('Delivered', 'Completed') AS q,
             CASE WHEN o.status IN ('Delivered', 'Completed') THEN o.commission_amount ELSE 0 END AS t,
             coalesce((SELECT sum(e.amount) FROM commission_entries e WHERE e.order_id = o.order_id), 0) AS n,
             l.entry_id AS live_id, l.qualified_at AS live_qualified_at, l.available_at AS live_available_at,
             r.qualified_at AS replaced_qualified_at, r.available_at AS replaced_available_at,
             held_from + make_interval(days => coalesce(
               (SELECT w.return_days FROM product_category_return_windows w
                 WHERE w.product_category = o.product_category), 14)) AS held_until
        FROM unnest(order_ids, old_statuses) AS i(order_id, old_status)
        JOIN orders o ON o.order_id = i.order_id
        LEFT JOIN commission_entries l ON l.order_id = o.order_id AND l.kind = 'earned' AND NOT l.reversed
        LEFT JOIN unnest(replaced_ids, replaced_qualified, replaced_available)
               AS r(order_id, qualified_at, available_at) ON r.order_id = o.order_id
  )
  INSERT INTO commission_entries (affiliate_id, order_id, kind, amount, reason, qualified_at, available_at)
  SELECT s.affiliate_id, s.order_id, x.kind, x.amount, x.reason, x.qualified_at, x.available_at
    FROM s
    CROSS JOIN LATERAL (
      SELECT CASE WHEN s.q AND s.live_id IS NULL THEN greatest(s.t - s.n, 0) ELSE 0 END AS earned
    ) e
    CROSS JOIN LATERAL (
      SELECT 1 AS step, 'earned' AS kind, e.earned AS amount,
             CASE WHEN s.replaced_qualified_at IS NOT NULL
                  THEN format('Order %s: commission recomputed to %s%s', s.order_code, s.t, cause)
                  WHEN s.old_status IS NULL THEN format('Order %s: received as %s', s.order_code, s.status)
                  ELSE format('Order %s: status changed from %s to %s', s.order_code, s.old_status, s.status)
             END AS reason,
             coalesce(s.replaced_qualified_at, held_from) AS qualified_at,
             coalesce(s.replaced_available_at, s.held_until) AS available_at
       WHERE s.q AND s.live_id IS NULL
      UNION ALL
      SELECT 2, CASE WHEN NOT s.q AND d.amount < 0 THEN 'clawback' ELSE 'adjustment' END, d.amount,
             CASE WHEN NOT s.q
                  THEN format('Order %s: status changed from %s to %s after payment', s.order_code,
                              coalesce(s.old_status, 'Delivered or Completed'), s.status)
                  WHEN s.old_status IS NULL OR s.old_status NOT IN ('Delivered', 'Completed')
                  THEN format('Order %s: status changed from %s to %s after payment', s.order_code,
                              coalesce(s.old_status, 'received'), s.status)
                  ELSE format('Order %s: commission changed from %s to %s after payment%s', s.order_code, s.n,
                              s.t, cause)
             END,
             coalesce(s.live_qualified_at, held_from),
             -- Money taken back counts at once; money added waits for the holding of the order's qualification.
             CASE WHEN d.amount < 0 THEN greatest(held_from, coalesce(s.live_qualified_at, held_from))
                  WHEN s.old_status IS NULL OR s.old_status NOT IN ('Delivered', 'Completed') THEN s.held_until
                  ELSE greatest(held_from, coalesce(s.live_available_at, s.held_until))
             END
        FROM (SELECT s.t - s.n - e.earned AS amount) d
       WHERE d.amount <> 0
    ) x
   ORDER BY s.order_id, x.step;
END $fn$;

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
