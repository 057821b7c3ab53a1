-- An item's store, beside its quote's: the quote list's `product` filter (docs/quotes.md, "Listing") then reads only
-- the store's own items through one index, where quote_items_product read every store's items of a product id.
ALTER TABLE quote_items ADD COLUMN store_id TEXT NOT NULL DEFAULT '';
UPDATE quote_items SET store_id = (SELECT quotes.store_id FROM quotes WHERE quotes.id = quote_items.quote_id);
DROP INDEX quote_items_product;
CREATE INDEX quote_items_store_product ON quote_items(store_id, product_id, quote_id);
