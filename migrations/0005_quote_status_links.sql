-- A quote's status link (docs/quotes.md, "Links"): created with the quote and given to whoever created it (the
-- buyer who requested it from the configurator), it opens a read-only page of the request's status. Like the
-- share token, only its SHA-256 is stored, and revoking the quote's links or cancelling the quote clears it.
-- SQLite cannot add a UNIQUE column, so the uniqueness (and the lookup by hash) is an index.
ALTER TABLE quotes ADD COLUMN status_token_hash TEXT;
CREATE UNIQUE INDEX quotes_status_token ON quotes(status_token_hash);
