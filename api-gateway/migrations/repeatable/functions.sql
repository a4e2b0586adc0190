-- Today's definition of the database functions that numbered migrations redefined (issue 53). Applied after the
-- numbered migrations on every start (src/db/migrate.ts), so a new database and an upgraded one end with the
-- same bodies. The numbered migrations that created older versions stay as history; change a rule here, and keep
-- its triggers and tables in numbered migrations. A numbered migration may not redefine a function of this file
-- (src/db/__tests__/repeatable-functions.test.ts).

-- The commission ledger (first 060, then 061 and 071). An order's earned entry, reversals, adjustments and
-- clawbacks follow its status and commission; money held by a live payout line is never reversed, it is clawed
-- back. plan_cache_mode = force_custom_plan: each call is planned with its own arrays (071).
-- An order withheld by a confirmed risk case (risk_withheld_orders, 150) does not qualify whatever its status:
-- its reasons name the case (issue 49).
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
    SELECT o.order_id, o.order_code, o.status, i.old_status, w.case_id AS withheld_by,
           o.status IN ('Delivered', 'Completed') AND w.case_id IS NULL AS q,
           CASE WHEN o.status IN ('Delivered', 'Completed') AND w.case_id IS NULL THEN o.commission_amount ELSE 0 END
             AS t
      FROM unnest(order_ids, old_statuses) AS i(order_id, old_status)
      JOIN orders o ON o.order_id = i.order_id
      LEFT JOIN risk_withheld_orders w ON w.order_id = o.order_id
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
           CASE WHEN marked.withheld_by IS NOT NULL
                THEN format('Order %s: Commission withdrawn after a review of this order (case %s)',
                            marked.order_code, marked.withheld_by)
                WHEN marked.q
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
      SELECT o.order_id, o.order_code, o.affiliate_id, o.status, i.old_status, w.case_id AS withheld_by,
             o.status IN ('Delivered', 'Completed') AND w.case_id IS NULL AS q,
             CASE WHEN o.status IN ('Delivered', 'Completed') AND w.case_id IS NULL THEN o.commission_amount ELSE 0 END
               AS t,
             coalesce((SELECT sum(e.amount) FROM commission_entries e WHERE e.order_id = o.order_id), 0) AS n,
             l.entry_id AS live_id, l.qualified_at AS live_qualified_at, l.available_at AS live_available_at,
             r.qualified_at AS replaced_qualified_at, r.available_at AS replaced_available_at,
             held_from + make_interval(days => coalesce(
               (SELECT w.return_days FROM product_category_return_windows w
                 WHERE w.product_category = o.product_category), 14)) AS held_until
        FROM unnest(order_ids, old_statuses) AS i(order_id, old_status)
        JOIN orders o ON o.order_id = i.order_id
        LEFT JOIN risk_withheld_orders w ON w.order_id = o.order_id
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
             CASE WHEN s.withheld_by IS NOT NULL
                  THEN format('Order %s: Commission taken back from your next payout after a review of this order (case %s)',
                              s.order_code, s.withheld_by)
                  WHEN NOT s.q
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

-- The orders trigger's pairing of old and new rows, planned again on every call (071): a plan kept from a
-- one-row transition table was used for the 28,000 rows of a recompute.
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

-- A payout line moves forward only, except in a draft, where its amounts follow the ledger until submission
-- (061, then 069).
CREATE OR REPLACE FUNCTION payout_lines_forward_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  in_draft boolean := OLD.status = 'pending' AND EXISTS (
    SELECT 1 FROM payout_runs r WHERE r.payout_run_id = OLD.payout_run_id AND r.status = 'draft');
  -- Issue 51: an excluded line is included again while its run is a draft (a draft holds no entries).
  included_in_draft boolean := OLD.status = 'excluded' AND NEW.status = 'pending' AND EXISTS (
    SELECT 1 FROM payout_runs r WHERE r.payout_run_id = OLD.payout_run_id AND r.status = 'draft');
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('sending', 'processing', 'paid', 'failed', 'excluded', 'cancelled'))
    OR (in_draft AND NEW.status = 'ineligible')
    OR included_in_draft
    OR (OLD.status = 'sending' AND NEW.status IN ('processing', 'paid', 'failed'))
    OR (OLD.status = 'processing' AND NEW.status IN ('paid', 'failed'))
    OR (OLD.status = 'paid' AND NEW.status = 'reversed')) THEN
    RAISE EXCEPTION 'payout line % cannot move from % to %', OLD.payout_line_id, OLD.status, NEW.status
      USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.affiliate_id, NEW.payout_run_id, NEW.reference) IS DISTINCT FROM
     (OLD.affiliate_id, OLD.payout_run_id, OLD.reference)
     OR (NOT in_draft AND (NEW.gross, NEW.deductions, NEW.net) IS DISTINCT FROM (OLD.gross, OLD.deductions, OLD.net))
  THEN
    RAISE EXCEPTION 'payout line % keeps its affiliate, run, reference and amounts', OLD.payout_line_id
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $fn$;

-- Affiliates per status, moved when the transaction commits (a deferred constraint trigger, 074).
CREATE OR REPLACE FUNCTION affiliate_status_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone text := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD.status END;
  came text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN NEW.status END;
BEGIN
  -- Locked in one order (by status), so two changes in opposite directions committing at once do not deadlock.
  PERFORM 1 FROM affiliate_status_counts WHERE status IN (gone, came) ORDER BY status FOR UPDATE;
  UPDATE affiliate_status_counts
     SET total = total + CASE WHEN status = came THEN 1 ELSE 0 END - CASE WHEN status = gone THEN 1 ELSE 0 END
   WHERE status IN (gone, came);
  RETURN NULL;
END $$;

-- Orders per day and status: one aggregated upsert per statement, in key order (001, then 014).
CREATE OR REPLACE FUNCTION order_daily_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT order_date, status, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT order_date, status, -1 AS sign FROM old_rows'
    ELSE 'SELECT order_date, status, 1 AS sign FROM new_rows
          UNION ALL SELECT order_date, status, -1 FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO order_daily_counts AS c (order_date, status, total)
    SELECT order_date, status, sum(sign) FROM (%s) d
     GROUP BY order_date, status
    HAVING sum(sign) <> 0
     ORDER BY order_date, status
    ON CONFLICT (order_date, status) DO UPDATE SET total = c.total + excluded.total
  $sql$, source);
  RETURN NULL;
END $fn$;
