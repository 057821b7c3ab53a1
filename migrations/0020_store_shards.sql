-- Shards (docs/scale.md): a store's rows live in one of several D1 databases, every one of them migrated alike.
-- In shard 0 (binding DB) `stores` is the directory: one row per store, `shard` naming the database that holds the
-- store's rows (DB for 0, DB_<n> for n). In shard n > 0 a store living there has a copy of its row, which only
-- anchors its rows (their foreign keys, `REFERENCES stores(id)`, and the outbox's insert from `stores`); the
-- directory's row is the one read.
-- Every store created before this migration lives in shard 0, where its rows are.
ALTER TABLE stores ADD COLUMN shard INTEGER NOT NULL DEFAULT 0;
