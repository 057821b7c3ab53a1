-- Quotes (issue 22, docs/quotes.md): a store's numbered offers, their priced items, and every change made to them.
-- src/quotes/service.ts owns these tables; every write that must not be half done is one D1 batch (a transaction).

-- One row per store and year: the next quote number. A create increments it in the same batch that inserts the
-- quote, so D1 serialises the increments and a failed insert rolls the number back: numbers never repeat or skip.
CREATE TABLE quote_counters (
  store_id TEXT NOT NULL REFERENCES stores(id),
  year INTEGER NOT NULL,
  last INTEGER NOT NULL,
  PRIMARY KEY (store_id, year)
);

-- Per-store quote settings: a discount above the threshold (basis points of the subtotal) needs an admin's approval.
CREATE TABLE quote_settings (
  store_id TEXT PRIMARY KEY NOT NULL REFERENCES stores(id),
  approval_threshold_bp INTEGER
);

CREATE TABLE quotes (
  id TEXT PRIMARY KEY NOT NULL,
  store_id TEXT NOT NULL REFERENCES stores(id),
  year INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  number TEXT NOT NULL,
  -- 'expired' is never stored: a sent quote past valid_until reads as expired.
  status TEXT NOT NULL CHECK (status IN ('draft', 'pending_approval', 'sent', 'accepted', 'rejected', 'cancelled')),
  -- Bumped by every change; the ETag and If-Match name it.
  version INTEGER NOT NULL,
  currency TEXT NOT NULL,
  minor_units INTEGER NOT NULL,
  language TEXT NOT NULL,
  customer TEXT NOT NULL,
  notes TEXT,
  valid_until INTEGER NOT NULL,
  discount TEXT,
  subtotal_minor INTEGER NOT NULL,
  discount_minor INTEGER NOT NULL,
  total_minor INTEGER NOT NULL,
  -- The largest discount share an admin approved, as discount_minor and subtotal_minor at approval.
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
  UNIQUE (store_id, number),
  UNIQUE (store_id, idempotency_key)
);
CREATE INDEX quotes_store_order ON quotes(store_id, year DESC, seq DESC);
CREATE INDEX quotes_store_status ON quotes(store_id, status, year DESC, seq DESC);

CREATE TABLE quote_items (
  id TEXT PRIMARY KEY NOT NULL,
  quote_id TEXT NOT NULL REFERENCES quotes(id),
  position INTEGER NOT NULL,
  product_id TEXT NOT NULL,
  product_version INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  configuration TEXT NOT NULL,
  -- What calculate answered for it (lines, totals, every output group, warnings) and its readable summary.
  priced TEXT NOT NULL,
  total_minor INTEGER NOT NULL
);
CREATE INDEX quote_items_quote ON quote_items(quote_id, position);

CREATE TABLE quote_history (
  quote_id TEXT NOT NULL REFERENCES quotes(id),
  -- The quote's version this entry made: unique, so one change can never be recorded twice.
  version INTEGER NOT NULL,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  details TEXT NOT NULL,
  PRIMARY KEY (quote_id, version)
);
