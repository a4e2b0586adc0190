-- Admin orders (issue 11): one ordered index per admin status, so a page of pending or completed orders is one
-- range scan in list order, like ALL on orders_date_idx. With orders_status_date_idx the planner, estimating each
-- stored status as spread evenly over the days, walks orders_date_idx and filters instead: on a day with 70k
-- Pending orders and no Delivered ones that read every order of the day. The status lists are those of
-- ADMIN_STATUS_OF (contracts/src/api/orders.ts) and must stay identical to the queries' for the planner to use
-- these indexes.
CREATE INDEX orders_pending_date_idx ON orders (order_date DESC, order_id DESC)
  WHERE status IN ('Pending', 'Processing');
CREATE INDEX orders_completed_date_idx ON orders (order_date DESC, order_id DESC)
  WHERE status IN ('Delivered', 'Completed', 'Rejected');
