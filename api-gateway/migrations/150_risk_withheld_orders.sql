-- Issue 49 item 3 (docs/risk.md#confirming-abuse): confirming abuse on a case withdraws the commission of the
-- case's orders through the ledger. An order named here earns nothing from then on, whatever its status or rate:
-- commission_ledger_apply (migrations/repeatable/functions.sql) treats it as not qualifying, so its unpaid
-- earned entry is reversed, money already paid is clawed back, and no later status change or rate upload earns
-- it again. One row per order (the first confirmed case that withdrew it keeps it).
CREATE TABLE risk_withheld_orders (
  order_id    bigint PRIMARY KEY REFERENCES orders (order_id),
  case_id     bigint NOT NULL REFERENCES risk_cases (case_id),
  withheld_at timestamptz NOT NULL
);
CREATE INDEX risk_withheld_orders_case_idx ON risk_withheld_orders (case_id);

-- A confirmation may deactivate the affiliate: kept on the case for its history.
ALTER TABLE risk_cases ADD COLUMN deactivated boolean NOT NULL DEFAULT false;
