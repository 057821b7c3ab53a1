-- Markets and price lists move with their store (issue 48, docs/scale.md "Moving a store"): the six tables of 0018
-- join the store-owned tables of src/db/store-tables.ts, with what 0021 gave the others: an index on store_id alone
-- (a move's page is one range of it, in rowid order) and the fence's three triggers.
--
-- price_list_entries was a WITHOUT ROWID table, which a move cannot page by rowid: it becomes an ordinary table with
-- the same primary key, and a covering index keeps a price book's read (store, list, product → key, amount) inside
-- one index range as the clustered key did.
CREATE TABLE price_list_entries_rowid (
  store_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  price_key TEXT NOT NULL,
  amount INTEGER NOT NULL,
  PRIMARY KEY (store_id, list_id, product_id, price_key)
);
INSERT INTO price_list_entries_rowid (store_id, list_id, product_id, price_key, amount)
  SELECT store_id, list_id, product_id, price_key, amount FROM price_list_entries;
DROP TABLE price_list_entries;
ALTER TABLE price_list_entries_rowid RENAME TO price_list_entries;
CREATE INDEX price_list_entries_book ON price_list_entries(store_id, list_id, product_id, price_key, amount);

CREATE INDEX customer_groups_store_rows ON customer_groups(store_id);
CREATE INDEX price_lists_store_rows ON price_lists(store_id);
CREATE INDEX price_list_entries_store_rows ON price_list_entries(store_id);
CREATE INDEX price_list_changes_store_rows ON price_list_changes(store_id);
CREATE INDEX markets_store_rows ON markets(store_id);
CREATE INDEX market_price_lists_store_rows ON market_price_lists(store_id);

CREATE TRIGGER customer_groups_fence_insert BEFORE INSERT ON customer_groups
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER customer_groups_fence_update BEFORE UPDATE ON customer_groups
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER customer_groups_fence_delete BEFORE DELETE ON customer_groups
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_lists_fence_insert BEFORE INSERT ON price_lists
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_lists_fence_update BEFORE UPDATE ON price_lists
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_lists_fence_delete BEFORE DELETE ON price_lists
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_list_entries_fence_insert BEFORE INSERT ON price_list_entries
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_list_entries_fence_update BEFORE UPDATE ON price_list_entries
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_list_entries_fence_delete BEFORE DELETE ON price_list_entries
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_list_changes_fence_insert BEFORE INSERT ON price_list_changes
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_list_changes_fence_update BEFORE UPDATE ON price_list_changes
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_list_changes_fence_delete BEFORE DELETE ON price_list_changes
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER markets_fence_insert BEFORE INSERT ON markets
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER markets_fence_update BEFORE UPDATE ON markets
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER markets_fence_delete BEFORE DELETE ON markets
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER market_price_lists_fence_insert BEFORE INSERT ON market_price_lists
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER market_price_lists_fence_update BEFORE UPDATE ON market_price_lists
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER market_price_lists_fence_delete BEFORE DELETE ON market_price_lists
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
