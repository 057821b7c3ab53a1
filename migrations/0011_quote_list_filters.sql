-- The quote list's filters (docs/quotes.md, "Listing"): by creation day within a store, and by an item's product.
CREATE INDEX quotes_store_created ON quotes(store_id, created_at);
CREATE INDEX quote_items_product ON quote_items(product_id, quote_id);
