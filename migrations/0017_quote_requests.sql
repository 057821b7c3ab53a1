-- A buyer's request told apart from a draft the store's people made (issue 47, docs/backoffice.md "Requests"):
-- `requested` is 1 for a quote a storefront's quote:request key created; `opened_at` is when the desk first opened
-- it (NULL: a new request, counted in the backoffice's navigation). Quotes made before this migration read as the
-- store's own (0): which key kind created them was not kept.
ALTER TABLE quotes ADD COLUMN requested INTEGER NOT NULL DEFAULT 0;
ALTER TABLE quotes ADD COLUMN opened_at INTEGER;
-- The count of a store's new requests, and the list's `request` filter, through one index.
CREATE INDEX quotes_store_requests ON quotes(store_id, requested, opened_at);
-- The overview's open pipeline counts a draft as requested by this column (src/quotes/service/insights.ts): its
-- covering index (0015) reads it in place of the creator and version it guessed a request by before.
DROP INDEX quotes_store_open;
CREATE INDEX quotes_store_open ON quotes(store_id, status, valid_until, currency, total_minor, requested);
