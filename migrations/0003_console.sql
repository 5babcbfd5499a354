-- The console's history page searches decided approvals by customer (by order, the
-- record page's list of an order's other approvals, uses approvals_by_order).
CREATE INDEX approvals_by_customer ON approvals (customer_id, proposed_at);
