-- Revisions and line discounts (issue 34, docs/quotes.md "Revisions" and "Line discounts").
--
-- A revision of a sent quote is a new quote with the same number and the next revision (2, 3, …); the quote it
-- revises becomes `superseded` and names it. SQLite can change neither a CHECK nor a UNIQUE constraint, so the
-- quotes table is rebuilt: the status may be 'superseded', and a number is unique per store and revision (which
-- also makes two concurrent revisions of one quote impossible: the second insert breaks it and its batch rolls
-- back). Foreign keys from quote_items, quote_history and quote_replays are checked at the end (D1's way).
PRAGMA defer_foreign_keys = on;

CREATE TABLE quotes_new (
  id TEXT PRIMARY KEY NOT NULL,
  store_id TEXT NOT NULL REFERENCES stores(id),
  year INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  number TEXT NOT NULL,
  -- 1 for a new quote; a revision is its predecessor's + 1, under the same number.
  revision INTEGER NOT NULL DEFAULT 1,
  -- The quote this one revises, and the revision that superseded this one (ids).
  revises TEXT,
  superseded_by TEXT,
  -- 'expired' is never stored: a sent quote past valid_until reads as expired.
  status TEXT NOT NULL CHECK (status IN ('draft', 'pending_approval', 'sent', 'accepted', 'rejected', 'cancelled', 'superseded')),
  -- Bumped by every change; the ETag and If-Match name it.
  version INTEGER NOT NULL,
  currency TEXT NOT NULL,
  minor_units INTEGER NOT NULL,
  language TEXT NOT NULL,
  customer TEXT NOT NULL,
  notes TEXT,
  valid_until INTEGER NOT NULL,
  discount TEXT,
  -- The items' prices after their line discounts, summed.
  subtotal_minor INTEGER NOT NULL,
  discount_minor INTEGER NOT NULL,
  total_minor INTEGER NOT NULL,
  -- The items' line discounts, summed (the approval threshold weighs them with the quote's discount).
  line_discount_minor INTEGER NOT NULL DEFAULT 0,
  -- The largest discount share an admin approved: all the discount given and the subtotal before it, at approval.
  approved_discount_minor INTEGER,
  approved_subtotal_minor INTEGER,
  share_token_hash TEXT UNIQUE,
  idempotency_key TEXT,
  idempotency_hash TEXT,
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  sent_at INTEGER,
  decided_at INTEGER,
  status_token_hash TEXT,
  document TEXT,
  UNIQUE (store_id, number, revision),
  UNIQUE (store_id, idempotency_key)
);

INSERT INTO quotes_new (
  id, store_id, year, seq, number, status, version, currency, minor_units, language, customer, notes, valid_until,
  discount, subtotal_minor, discount_minor, total_minor, approved_discount_minor, approved_subtotal_minor,
  share_token_hash, idempotency_key, idempotency_hash, created_by, created_at, updated_at, sent_at, decided_at,
  status_token_hash, document
)
SELECT
  id, store_id, year, seq, number, status, version, currency, minor_units, language, customer, notes, valid_until,
  discount, subtotal_minor, discount_minor, total_minor, approved_discount_minor, approved_subtotal_minor,
  share_token_hash, idempotency_key, idempotency_hash, created_by, created_at, updated_at, sent_at, decided_at,
  status_token_hash, document
FROM quotes;

DROP TABLE quotes;
ALTER TABLE quotes_new RENAME TO quotes;
CREATE INDEX quotes_store_order ON quotes(store_id, year DESC, seq DESC, revision DESC);
CREATE INDEX quotes_store_status ON quotes(store_id, status, year DESC, seq DESC, revision DESC);
CREATE UNIQUE INDEX quotes_status_token ON quotes(status_token_hash);

-- A line discount: {type: percent|amount, value} as the quote's discount is shaped (no reason), and what it takes
-- off the item's price in minor units, rounded once.
ALTER TABLE quote_items ADD COLUMN discount TEXT;
ALTER TABLE quote_items ADD COLUMN discount_minor INTEGER NOT NULL DEFAULT 0;

PRAGMA defer_foreign_keys = off;
