-- Moving a store between shards (docs/scale.md, "Moving a store"; src/shards/service/move.ts).
--
-- The fence. While a store moves away from this database, and for good after it has moved, store_fences holds its
-- row, and the triggers below refuse every insert, update and delete of the store's rows here (RAISE(ABORT), which
-- rolls back the whole D1 batch, a transaction: a change lands whole or not at all). D1 runs one write at a time on
-- a database's primary, so a write that passed any earlier check (the isolate's directory, the key check) and
-- commits after the fence row is refused, and one that committed before it is in what the move copies: no write is
-- lost and none lands on the old copy. The onError maps the refusal to 503 with Retry-After
-- (src/http/on-error.ts). Deletes are let through only in the batch that sets the row's state to 'cleaning' and back
-- (the move's clean-up of the old rows), so no stale delete passes either.
CREATE TABLE store_fences (
  store_id TEXT PRIMARY KEY NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('fenced', 'moved', 'cleaning')),
  to_shard INTEGER NOT NULL,
  at INTEGER NOT NULL
);

-- Every store-owned table names its store (src/db/store-tables.ts, the one list of them, which
-- test/shards/store-tables.cases.ts checks against this schema): the four tables that hung off a parent's id get a
-- store_id too, filled from the parent by a trigger (as 0015 fills quote_items' created_at), so that no write here
-- names it. A move pages through a table by (store_id, rowid): an index on store_id alone is that order (SQLite
-- ends every index with the rowid), so each page is one index range, however large the table.
ALTER TABLE quote_history ADD COLUMN store_id TEXT;
UPDATE quote_history SET store_id = (SELECT store_id FROM quotes WHERE id = quote_history.quote_id);
CREATE TRIGGER quote_history_store AFTER INSERT ON quote_history WHEN NEW.store_id IS NULL
BEGIN
  UPDATE quote_history SET store_id = (SELECT store_id FROM quotes WHERE id = NEW.quote_id) WHERE rowid = NEW.rowid;
END;
ALTER TABLE quote_replays ADD COLUMN store_id TEXT;
UPDATE quote_replays SET store_id = (SELECT store_id FROM quotes WHERE id = quote_replays.quote_id);
CREATE TRIGGER quote_replays_store AFTER INSERT ON quote_replays WHEN NEW.store_id IS NULL
BEGIN
  UPDATE quote_replays SET store_id = (SELECT store_id FROM quotes WHERE id = NEW.quote_id) WHERE rowid = NEW.rowid;
END;
ALTER TABLE webhook_event_parts ADD COLUMN store_id TEXT;
UPDATE webhook_event_parts SET store_id = (SELECT store_id FROM webhook_events WHERE id = webhook_event_parts.event_id);
CREATE TRIGGER webhook_event_parts_store AFTER INSERT ON webhook_event_parts WHEN NEW.store_id IS NULL
BEGIN
  UPDATE webhook_event_parts SET store_id = (SELECT store_id FROM webhook_events WHERE id = NEW.event_id) WHERE rowid = NEW.rowid;
END;
ALTER TABLE webhook_attempts ADD COLUMN store_id TEXT;
UPDATE webhook_attempts SET store_id = (SELECT store_id FROM webhook_deliveries WHERE id = webhook_attempts.delivery_id);
CREATE TRIGGER webhook_attempts_store AFTER INSERT ON webhook_attempts WHEN NEW.store_id IS NULL
BEGIN
  UPDATE webhook_attempts SET store_id = (SELECT store_id FROM webhook_deliveries WHERE id = NEW.delivery_id) WHERE rowid = NEW.rowid;
END;
CREATE INDEX products_store_rows ON products(store_id);
CREATE INDEX product_versions_store_rows ON product_versions(store_id);
CREATE INDEX product_version_parts_store_rows ON product_version_parts(store_id);
CREATE INDEX product_version_source_parts_store_rows ON product_version_source_parts(store_id);
CREATE INDEX product_drafts_store_rows ON product_drafts(store_id);
CREATE INDEX product_draft_parts_store_rows ON product_draft_parts(store_id);
CREATE INDEX quote_counters_store_rows ON quote_counters(store_id);
CREATE INDEX quotes_store_rows ON quotes(store_id);
CREATE INDEX quote_items_store_rows ON quote_items(store_id);
CREATE INDEX quote_history_store_rows ON quote_history(store_id);
CREATE INDEX quote_replays_store_rows ON quote_replays(store_id);
CREATE INDEX webhook_events_store_rows ON webhook_events(store_id);
CREATE INDEX webhook_event_parts_store_rows ON webhook_event_parts(store_id);
CREATE INDEX webhook_deliveries_store_rows ON webhook_deliveries(store_id);
CREATE INDEX webhook_attempts_store_rows ON webhook_attempts(store_id);

-- The fence's triggers, three a table.
CREATE TRIGGER api_keys_fence_insert BEFORE INSERT ON api_keys
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER api_keys_fence_update BEFORE UPDATE ON api_keys
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER api_keys_fence_delete BEFORE DELETE ON api_keys
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER products_fence_insert BEFORE INSERT ON products
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER products_fence_update BEFORE UPDATE ON products
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER products_fence_delete BEFORE DELETE ON products
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_versions_fence_insert BEFORE INSERT ON product_versions
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_versions_fence_update BEFORE UPDATE ON product_versions
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_versions_fence_delete BEFORE DELETE ON product_versions
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_version_parts_fence_insert BEFORE INSERT ON product_version_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_version_parts_fence_update BEFORE UPDATE ON product_version_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_version_parts_fence_delete BEFORE DELETE ON product_version_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_version_source_parts_fence_insert BEFORE INSERT ON product_version_source_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_version_source_parts_fence_update BEFORE UPDATE ON product_version_source_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_version_source_parts_fence_delete BEFORE DELETE ON product_version_source_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_drafts_fence_insert BEFORE INSERT ON product_drafts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_drafts_fence_update BEFORE UPDATE ON product_drafts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_drafts_fence_delete BEFORE DELETE ON product_drafts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_draft_parts_fence_insert BEFORE INSERT ON product_draft_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_draft_parts_fence_update BEFORE UPDATE ON product_draft_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER product_draft_parts_fence_delete BEFORE DELETE ON product_draft_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_counters_fence_insert BEFORE INSERT ON quote_counters
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_counters_fence_update BEFORE UPDATE ON quote_counters
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_counters_fence_delete BEFORE DELETE ON quote_counters
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_settings_fence_insert BEFORE INSERT ON quote_settings
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_settings_fence_update BEFORE UPDATE ON quote_settings
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_settings_fence_delete BEFORE DELETE ON quote_settings
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quotes_fence_insert BEFORE INSERT ON quotes
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quotes_fence_update BEFORE UPDATE ON quotes
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quotes_fence_delete BEFORE DELETE ON quotes
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_items_fence_insert BEFORE INSERT ON quote_items
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_items_fence_update BEFORE UPDATE ON quote_items
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_items_fence_delete BEFORE DELETE ON quote_items
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_history_fence_insert BEFORE INSERT ON quote_history
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = coalesce(NEW.store_id, (SELECT store_id FROM quotes WHERE id = NEW.quote_id)))
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_history_fence_update BEFORE UPDATE ON quote_history
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_history_fence_delete BEFORE DELETE ON quote_history
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_replays_fence_insert BEFORE INSERT ON quote_replays
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = coalesce(NEW.store_id, (SELECT store_id FROM quotes WHERE id = NEW.quote_id)))
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_replays_fence_update BEFORE UPDATE ON quote_replays
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER quote_replays_fence_delete BEFORE DELETE ON quote_replays
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER store_profiles_fence_insert BEFORE INSERT ON store_profiles
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER store_profiles_fence_update BEFORE UPDATE ON store_profiles
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER store_profiles_fence_delete BEFORE DELETE ON store_profiles
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_endpoints_fence_insert BEFORE INSERT ON webhook_endpoints
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_endpoints_fence_update BEFORE UPDATE ON webhook_endpoints
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_endpoints_fence_delete BEFORE DELETE ON webhook_endpoints
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_events_fence_insert BEFORE INSERT ON webhook_events
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_events_fence_update BEFORE UPDATE ON webhook_events
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_events_fence_delete BEFORE DELETE ON webhook_events
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_event_parts_fence_insert BEFORE INSERT ON webhook_event_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = coalesce(NEW.store_id, (SELECT store_id FROM webhook_events WHERE id = NEW.event_id)))
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_event_parts_fence_update BEFORE UPDATE ON webhook_event_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_event_parts_fence_delete BEFORE DELETE ON webhook_event_parts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_deliveries_fence_insert BEFORE INSERT ON webhook_deliveries
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = NEW.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_deliveries_fence_update BEFORE UPDATE ON webhook_deliveries
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_deliveries_fence_delete BEFORE DELETE ON webhook_deliveries
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_attempts_fence_insert BEFORE INSERT ON webhook_attempts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = coalesce(NEW.store_id, (SELECT store_id FROM webhook_deliveries WHERE id = NEW.delivery_id)))
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_attempts_fence_update BEFORE UPDATE ON webhook_attempts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id)
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
CREATE TRIGGER webhook_attempts_fence_delete BEFORE DELETE ON webhook_attempts
WHEN EXISTS (SELECT 1 FROM store_fences WHERE store_id = OLD.store_id AND state <> 'cleaning')
BEGIN SELECT RAISE(ABORT, 'CPQ_STORE_MOVING'); END;
