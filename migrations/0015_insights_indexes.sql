-- The store overview's figures (issue 47, docs/api.md "Insights"): each query reads one range of one of these
-- indexes and nothing else (covering), so a year of a 100,000-quote store costs index entries, not table rows.
-- 0013 was taken by quote_items_store and 0014 is kept for the desk's buyer requests.
-- Quotes created in a period: the funnel, discounts and time to send.
CREATE INDEX quotes_store_created_figures ON quotes(
  store_id, created_at, currency, status, sent_at, subtotal_minor, line_discount_minor, discount_minor, total_minor, id
);
-- Quotes decided in a period (and the one before): won and lost, win rate, time to decision, the won trend.
CREATE INDEX quotes_store_decided ON quotes(store_id, decided_at, currency, status, total_minor, sent_at);
-- Open quotes by status: the pipeline, and the sent ones expiring this week by valid_until.
CREATE INDEX quotes_store_open ON quotes(store_id, status, valid_until, currency, total_minor, created_by, version);

-- An item's quote's creation time and currency beside it, as 0013 put its store there: the period's top products and
-- the newest configurations are then ranges of the store's items, where joining 200,000 items to their quotes one
-- by one took 270 ms (bench/insights.ts). The triggers keep them equal to the quote's whoever writes, in whatever
-- order a batch inserts a quote and its items (a quote's created_at and currency never change after that).
ALTER TABLE quote_items ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE quote_items ADD COLUMN currency TEXT NOT NULL DEFAULT '';
UPDATE quote_items SET
  created_at = coalesce((SELECT quotes.created_at FROM quotes WHERE quotes.id = quote_items.quote_id), 0),
  currency = coalesce((SELECT quotes.currency FROM quotes WHERE quotes.id = quote_items.quote_id), '');
CREATE TRIGGER quote_items_quote_time AFTER INSERT ON quote_items
BEGIN
  UPDATE quote_items SET
    created_at = coalesce((SELECT created_at FROM quotes WHERE id = NEW.quote_id), 0),
    currency = coalesce((SELECT currency FROM quotes WHERE id = NEW.quote_id), '')
  WHERE id = NEW.id;
END;
CREATE TRIGGER quotes_items_time_on_insert AFTER INSERT ON quotes
BEGIN
  UPDATE quote_items SET created_at = NEW.created_at, currency = NEW.currency WHERE quote_id = NEW.id;
END;
CREATE TRIGGER quotes_items_time_on_update AFTER UPDATE OF created_at, currency ON quotes
BEGIN
  UPDATE quote_items SET created_at = NEW.created_at, currency = NEW.currency WHERE quote_id = NEW.id;
END;
-- The period's newest items (the option shares' sample).
CREATE INDEX quote_items_store_created ON quote_items(store_id, created_at, currency);
-- A product's items of a period, with what the top products add up.
CREATE INDEX quote_items_store_product_time ON quote_items(
  store_id, currency, product_id, created_at, quantity, total_minor, discount_minor
);
