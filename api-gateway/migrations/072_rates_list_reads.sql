-- The admin's current-rates list reads (issue 25: its p95 was 8.45 s under the 50-user soak, ~300,000 rates).

-- Its category filter and the return windows list the categories that have a rate. DISTINCT read every rate;
-- on this index the function steps from one category to the next (a "loose index scan": one index probe per
-- category), so its cost follows the number of categories, not of rates.
CREATE INDEX commission_rates_category_idx ON commission_rates (product_category);

CREATE FUNCTION rate_categories() RETURNS SETOF text LANGUAGE sql STABLE AS $$
  WITH RECURSIVE category AS (
    (SELECT product_category AS name FROM commission_rates ORDER BY product_category LIMIT 1)
    UNION ALL
    SELECT (SELECT cr.product_category FROM commission_rates cr
             WHERE cr.product_category > category.name ORDER BY cr.product_category LIMIT 1)
      FROM category
     WHERE category.name IS NOT NULL
  )
  SELECT name FROM category WHERE name IS NOT NULL
$$;

-- The list counts the (affiliate, category) pairs with a rate in force by grouping on the primary key. Without
-- this, the planner takes the pairs for about a sixth of their number (it multiplies the two columns' guesses)
-- and hashes every rate, spilling to disk, instead of reading the key in order.
CREATE STATISTICS commission_rates_pairs (ndistinct) ON affiliate_code, product_category FROM commission_rates;
ANALYZE commission_rates;
