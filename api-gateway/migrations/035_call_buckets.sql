-- Issue 25, item 8: limits on exports (per user) and on integration calls (per API key), counted here so they
-- hold across every gateway sharing the database. One row per (scope, subject): a token bucket whose tokens
-- refill evenly with time; taking one is a single INSERT ... ON CONFLICT DO UPDATE ... WHERE, so two gateways
-- taking the last token at once cannot both have it (modules' limits in src/lib/call-buckets.ts).
CREATE TABLE call_buckets (
  scope      text NOT NULL,
  subject    text NOT NULL,
  tokens     double precision NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (scope, subject)
);
