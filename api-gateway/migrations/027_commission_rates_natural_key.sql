-- Commission rates upload speed (issue 12). A rate row is known by its affiliate, category and effective date
-- (one row each since 015), and an order's own affiliate and category already name two of the three, so an
-- order names the rate row it earned by that row's effective date. The surrogate rate_id, and the B-tree every
-- uploaded rate paid for it (PGlite: ~0.15-0.2 s of a 100k-row upload), go; the key index becomes the primary key.

ALTER TABLE orders ADD COLUMN commission_rate_date date;

UPDATE orders o
   SET commission_rate_date = cr.effective_date
  FROM commission_rates cr
 WHERE cr.rate_id = o.commission_rate_id;

ALTER TABLE orders DROP COLUMN commission_rate_id;

ALTER TABLE commission_rates DROP CONSTRAINT commission_rates_pkey;
ALTER TABLE commission_rates DROP COLUMN rate_id;
ALTER TABLE commission_rates ADD CONSTRAINT commission_rates_pkey PRIMARY KEY USING INDEX commission_rates_key_idx;
