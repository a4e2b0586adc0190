-- Issue 25, item 5: the monthly summary's sums of money were numeric(18, 2): 16 digits before the point, so
-- ten thousand orders at the largest value the API accepts (999,999,999,999.99, an order's numeric(14, 2))
-- filled one affiliate's month, and the next batch failed in the orders trigger with a 500. A sum of orders
-- has no natural bound (only the number of orders), so the sums become plain numeric: exact at any size,
-- scale 2 as the orders they add up. No table rewrite: dropping the typmod of numeric is binary compatible.
ALTER TABLE affiliate_commission_months
  ALTER COLUMN qualified_order_value TYPE numeric,
  ALTER COLUMN qualified_commission TYPE numeric,
  ALTER COLUMN projected_commission TYPE numeric;
