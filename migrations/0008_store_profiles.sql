-- The quote document (issue 34, docs/quotes.md "The document"): each store's seller block (legal name, address,
-- logo, tax id, terms) and its tax (a rate in basis points of a percent, and whether its prices are net or gross).
-- No row: no seller block and no tax on the document. src/store-profiles/service.ts owns this table.
CREATE TABLE store_profiles (
  store_id TEXT PRIMARY KEY NOT NULL REFERENCES stores(id),
  legal_name TEXT,
  address TEXT,
  logo_url TEXT,
  tax_id TEXT,
  terms TEXT,
  payment_terms TEXT,
  tax_rate_bp INTEGER CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  prices TEXT NOT NULL DEFAULT 'net' CHECK (prices IN ('net', 'gross')),
  updated_at INTEGER NOT NULL
);

-- What a sent quote's document shows of the store: its profile and tax as they were when it was sent (JSON), so a
-- later edit of the profile never changes an offer a buyer holds. NULL until sent, and for quotes sent before this.
ALTER TABLE quotes ADD COLUMN document TEXT;
