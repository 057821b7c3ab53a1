-- The store overview's figures (issue 47, docs/api.md "Insights"): each query reads one range of one of these
-- indexes and nothing else (covering), so a year of a 100,000-quote store costs index entries, not table rows.
-- 0013 was taken by quote_items_store and 0014 is kept for the desk's buyer requests.
-- Quotes created in a period: the funnel, discounts, time to send, top products and option shares.
CREATE INDEX quotes_store_created_figures ON quotes(
  store_id, created_at, currency, status, sent_at, subtotal_minor, line_discount_minor, discount_minor, total_minor, id
);
-- Quotes decided in a period (and the one before): won and lost, win rate, time to decision, the won trend.
CREATE INDEX quotes_store_decided ON quotes(store_id, decided_at, currency, status, total_minor, sent_at);
-- Open quotes by status: the pipeline, and the sent ones expiring this week by valid_until.
CREATE INDEX quotes_store_open ON quotes(store_id, status, valid_until, currency, total_minor, created_by, version);
-- A quote's items with what the top products add up, without reading the items' rows.
CREATE INDEX quote_items_quote_figures ON quote_items(quote_id, product_id, quantity, total_minor, discount_minor);
