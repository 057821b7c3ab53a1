-- A product's entries in a list, packed (issue 45 item 6): one row per (list, product) holding them as one JSON
-- object {price_key: amount in minor units}, so a price book reads one value per list instead of one row per entry
-- (bench/price-lists.ts: reading 50,000 rows alone costs about 40 ms). Written in the same D1 batch as every change
-- of the entries (src/markets/service/entries.ts, product and list deletes) from price_list_entries itself.
--
-- `version` is the list's version the pack is valid for. The rule: a pack is used only when its version equals the
-- list's version read in the same batch; anything else (no pack, an older version) reads the entry rows, which stay
-- the truth. Every statement that bumps a list's version bumps its packs' in the same batch when their entries did
-- not change (settings, another product's entries), and rebuilds or deletes the packs of the products whose entries
-- did. A product whose pack would pass 1,900,000 bytes (D1 caps a value near 2 MB) has none: its rows are read.
CREATE TABLE price_list_packs (
  store_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (store_id, list_id, product_id)
);
CREATE INDEX price_list_packs_store_rows ON price_list_packs(store_id);

-- The lists' entries as they stand, packed at each list's version; before the fence's triggers, so a store fenced
-- mid-move does not abort the migration (its packs then come with the move, or its next write makes them).
INSERT INTO price_list_packs (store_id, list_id, product_id, version, data)
  SELECT e.store_id, e.list_id, e.product_id, l.version, json_group_object(e.price_key, e.amount)
  FROM price_list_entries e JOIN price_lists l ON l.store_id = e.store_id AND l.id = e.list_id
  GROUP BY e.store_id, e.list_id, e.product_id
  HAVING length(CAST(json_group_object(e.price_key, e.amount) AS BLOB)) <= 1900000;

CREATE TRIGGER price_list_packs_fence_insert BEFORE INSERT ON price_list_packs
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_list_packs_fence_update BEFORE UPDATE ON price_list_packs
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER price_list_packs_fence_delete BEFORE DELETE ON price_list_packs
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
