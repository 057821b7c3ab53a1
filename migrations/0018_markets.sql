-- Markets and price lists (issue 45, docs/api.md "Markets and price lists"). Everything is keyed by its store first,
-- so stores partition without a cross-store query (docs/scale.md). src/markets/ owns these tables.

-- A store's customer groups besides `retail`, which always exists and is never stored.
CREATE TABLE customer_groups (
  store_id TEXT NOT NULL REFERENCES stores(id),
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (store_id, id)
);

-- A price list: explicit entries (price_list_entries) and/or a derivation from a base list (NULL: the model's
-- numbers) by a factor and a rounding. Valid on days valid_from <= d < valid_to (ISO dates, UTC; NULL: open).
-- version counts every change of settings or entries; each change writes one price_list_changes row of that
-- version, whose primary key makes two writers of the same version collide (the loser's batch fails whole).
CREATE TABLE price_lists (
  store_id TEXT NOT NULL REFERENCES stores(id),
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  currency TEXT NOT NULL,
  valid_from TEXT,
  valid_to TEXT,
  base TEXT,
  factor TEXT NOT NULL DEFAULT '1',
  rounding TEXT NOT NULL DEFAULT 'minor',
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (store_id, id)
);

-- Amounts in integer minor units of the list's currency; one row per (product, price point key).
CREATE TABLE price_list_entries (
  store_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  price_key TEXT NOT NULL,
  amount INTEGER NOT NULL,
  PRIMARY KEY (store_id, list_id, product_id, price_key)
) WITHOUT ROWID;

-- Who changed what: one row per version of a list (summary: JSON counts and at most a few rows).
CREATE TABLE price_list_changes (
  store_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  summary TEXT NOT NULL,
  PRIMARY KEY (store_id, list_id, version)
);

-- A market: currency, countries (JSON list), language, tax (rate in basis points of a percent; NULL: no tax) and
-- whether it is the store's default (exactly one once any market exists; the partial index forbids two).
CREATE TABLE markets (
  store_id TEXT NOT NULL REFERENCES stores(id),
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  currency TEXT NOT NULL,
  countries TEXT NOT NULL DEFAULT '[]',
  language TEXT,
  tax_rate_bp INTEGER CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  tax_prices TEXT NOT NULL DEFAULT 'net' CHECK (tax_prices IN ('net', 'gross')),
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (store_id, id)
);
CREATE UNIQUE INDEX markets_one_default ON markets(store_id) WHERE is_default = 1;

-- Which lists a market uses per customer group (several per group: the one in force at a time is chosen).
CREATE TABLE market_price_lists (
  store_id TEXT NOT NULL,
  market_id TEXT NOT NULL,
  group_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  PRIMARY KEY (store_id, market_id, group_id, list_id)
);
CREATE INDEX market_price_lists_list ON market_price_lists(store_id, list_id);
CREATE INDEX market_price_lists_group ON market_price_lists(store_id, group_id);

-- An API key's customer group (NULL: retail) and the markets it may use (JSON list; NULL: all), also kept in its
-- KV record so a request pays nothing to know them.
ALTER TABLE api_keys ADD COLUMN customer_group TEXT;
ALTER TABLE api_keys ADD COLUMN markets TEXT;
