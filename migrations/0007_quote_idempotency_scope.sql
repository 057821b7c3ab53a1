-- Issue 34: an Idempotency-Key belongs to whoever sent it. The column keeps "<created_by> <key>" (an actor never
-- holds a space), so the same key from another API key, or from the admin, is another request and makes its own
-- quote; the existing UNIQUE (store_id, idempotency_key) then holds per actor. Existing keys move to that form.
UPDATE quotes SET idempotency_key = created_by || ' ' || idempotency_key WHERE idempotency_key IS NOT NULL;

-- A quote as a `quote:request` key's create made it (docs/quotes.md, "Integrity under concurrency"): what a
-- retry of that create answers, so a storefront's key never reads the store's later work on the quote. Written in
-- the create's batch; at most the per-quote cap of such a create, so a row stays far from D1's 2 MB.
CREATE TABLE quote_replays (
  quote_id TEXT PRIMARY KEY NOT NULL REFERENCES quotes(id),
  quote TEXT NOT NULL
);
