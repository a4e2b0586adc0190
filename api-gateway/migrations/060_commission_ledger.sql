-- The commission ledger (issue 28, first part; docs/payouts.md). Every order's commission, as the engine
-- stores it on the order (orders.commission_amount, numeric(14, 2)), is mirrored by entries of its affiliate:
-- the sum of an order's entries is always its commission while it qualifies (Delivered, Completed) and 0
-- otherwise. The entries are written by a statement trigger on orders, so every writer of orders (ingestion,
-- the rate upload's recompute, the seed) keeps the ledger in the same transaction, under the rates lock it
-- already holds (modules/commission/rates-lock.ts).

-- Return window per product category: an order's commission is held this many days after it qualifies.
-- A category without a row holds 14 days (COMMISSION_RETURN_WINDOW_DEFAULT_DAYS in contracts).
CREATE TABLE product_category_return_windows (
  product_category text PRIMARY KEY CHECK (length(product_category) BETWEEN 1 AND 100),
  return_days      integer NOT NULL CHECK (return_days BETWEEN 0 AND 365),
  updated_by       bigint REFERENCES users (user_id),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Append-only: an entry is never deleted and its amount never rewritten; the one change allowed is an earned
-- entry becoming `reversed` (false -> true) when the reversal that cancels it is written.
CREATE TABLE commission_entries (
  entry_id          bigserial PRIMARY KEY,
  affiliate_id      bigint NOT NULL REFERENCES affiliates (affiliate_id),
  order_id          bigint NOT NULL REFERENCES orders (order_id),
  kind              text NOT NULL CHECK (kind IN ('earned', 'reversal', 'clawback', 'adjustment')),
  amount            numeric(16, 2) NOT NULL,
  reason            text NOT NULL CHECK (reason <> ''),
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- When the order's commission started to be held; an entry is pending before available_at, available after.
  qualified_at      timestamptz NOT NULL,
  available_at      timestamptz NOT NULL CHECK (available_at >= qualified_at),
  reverses_entry_id bigint UNIQUE REFERENCES commission_entries (entry_id),
  reversed          boolean NOT NULL DEFAULT false,
  CHECK ((kind = 'reversal') = (reverses_entry_id IS NOT NULL)),
  CHECK (kind = 'earned' OR NOT reversed),
  CHECK (kind <> 'earned' OR amount >= 0),
  CHECK (kind <> 'clawback' OR amount < 0),
  CHECK (kind <> 'adjustment' OR amount <> 0)
);
-- At most one live earned entry per order.
CREATE UNIQUE INDEX commission_entries_live_earned_idx ON commission_entries (order_id)
  WHERE kind = 'earned' AND NOT reversed;
CREATE INDEX commission_entries_order_idx ON commission_entries (order_id, entry_id);
CREATE INDEX commission_entries_affiliate_idx ON commission_entries (affiliate_id, available_at);

CREATE FUNCTION commission_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'commission entries are never deleted (entry %)', OLD.entry_id USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.entry_id, NEW.affiliate_id, NEW.order_id, NEW.kind, NEW.amount, NEW.reason, NEW.created_at,
      NEW.qualified_at, NEW.available_at, NEW.reverses_entry_id)
     IS DISTINCT FROM (OLD.entry_id, OLD.affiliate_id, OLD.order_id, OLD.kind, OLD.amount, OLD.reason,
                       OLD.created_at, OLD.qualified_at, OLD.available_at, OLD.reverses_entry_id)
     OR (OLD.reversed AND NOT NEW.reversed) THEN
    RAISE EXCEPTION 'commission entries are never rewritten (entry %)', OLD.entry_id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $fn$;
CREATE TRIGGER commission_entries_append_only BEFORE UPDATE OR DELETE ON commission_entries
  FOR EACH ROW EXECUTE FUNCTION commission_entries_append_only();

-- The least a payout needs for "paid" to be real (the payout runs extend these tables): a line pays entries,
-- and an entry is in at most one line that has not failed. The line's status is copied onto each of its
-- entries by the composite foreign key (ON UPDATE CASCADE), so the partial unique index can hold that rule.
CREATE TABLE payout_lines (
  payout_line_id bigserial PRIMARY KEY,
  affiliate_id   bigint NOT NULL REFERENCES affiliates (affiliate_id),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (payout_line_id, status)
);
CREATE TABLE payout_line_entries (
  payout_line_id bigint NOT NULL,
  line_status    text NOT NULL,
  entry_id       bigint NOT NULL REFERENCES commission_entries (entry_id),
  PRIMARY KEY (payout_line_id, entry_id),
  FOREIGN KEY (payout_line_id, line_status) REFERENCES payout_lines (payout_line_id, status) ON UPDATE CASCADE
);
CREATE UNIQUE INDEX payout_line_entries_once_idx ON payout_line_entries (entry_id) WHERE line_status <> 'failed';

-- Brings the entries of the given orders in step with the orders as stored now. `old_statuses` (same order,
-- NULL for a new order) word the reasons. Per order, with T its commission if qualified (else 0), N the sum of
-- its entries and L its live earned entry:
--   1. L not in a payout (no line that has not failed) and (the order no longer qualifies or T <> N):
--      a reversal cancels L (same dates as L, so a pending L stays out of pending, an available L out of
--      available);
--   2. the order qualifies and has no live earned entry: a new earned entry; when it replaces L it keeps L's
--      qualified_at and available_at (a recompute does not restart the holding), otherwise it is held from now
--      for the category's return window;
--   3. whatever still differs (L is in a payout: paid amounts are never rewritten): a clawback when the order
--      no longer qualifies, else an adjustment, for the difference.
-- After it, N = T for every order given. The live earned entries are locked first (FOR UPDATE): a payout
-- that adds an entry to a line locks it too, so either the payout sees it reversed or this sees it in a line.
-- `portal.commission_cause` (transaction-local, set by the rate upload) is added to the reasons.
-- jit off: the planner's cost for a recompute of thousands of orders passes jit_above_cost, and compiling the
-- plan took seconds (4.7 s of 8.6 s for 3,000 orders under load); the statements are index lookups per order.
-- commission_ledger_apply(order_ids bigint[], old_statuses text[]) was defined here; its one body is today's, in
-- repeatable/functions.sql, applied after the numbered migrations (no migration writes orders before it runs).

-- One call per statement that writes orders, with the rows it wrote (transition tables): a batch of 1,000
-- orders is a handful of set-based statements, not 1,000 calls.
CREATE FUNCTION commission_ledger_follow_orders() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ids bigint[];
  olds text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.order_id ORDER BY n.order_id), array_agg(NULL::text)
      INTO ids, olds FROM new_rows n;
  ELSE
    SELECT array_agg(n.order_id ORDER BY n.order_id), array_agg(o.status ORDER BY n.order_id)
      INTO ids, olds
      FROM new_rows n JOIN old_rows o ON o.order_id = n.order_id
     WHERE (n.status, n.commission_amount) IS DISTINCT FROM (o.status, o.commission_amount);
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM commission_ledger_apply(ids, olds);
  END IF;
  RETURN NULL;
END $fn$;
CREATE TRIGGER orders_commission_ledger_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_follow_orders();
CREATE TRIGGER orders_commission_ledger_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_follow_orders();

-- Backfill: every order qualified today gets its earned entry, held from now (when it was delivered before
-- the ledger existed is not known, so no order becomes available before a full window has passed).
INSERT INTO commission_entries (affiliate_id, order_id, kind, amount, reason, qualified_at, available_at)
SELECT o.affiliate_id, o.order_id, 'earned', o.commission_amount,
       format('Order %s: %s when the ledger opened', o.order_code, o.status), now(), now() + interval '14 days'
  FROM orders o
 WHERE o.status IN ('Delivered', 'Completed')
 ORDER BY o.order_id;
