-- The affiliate's own area (issue 13): My Orders filtered by status pages from its own index range, equality
-- columns first, then the sort (DESIGN §4). Without a status orders_affiliate_date_idx (migration 001) serves.
CREATE INDEX IF NOT EXISTS orders_affiliate_status_date_idx ON orders (affiliate_id, status, order_date DESC, order_id DESC);
