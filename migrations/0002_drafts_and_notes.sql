-- Drafts: one work-in-progress source per product, saved as the author types, published as the next version.
-- A draft may exist before its product does (a new product), so it has no foreign key to products; deleting a
-- product deletes its draft in the same batch (src/products/service.ts).
CREATE TABLE product_drafts (
  store_id TEXT NOT NULL REFERENCES stores(id),
  external_id TEXT NOT NULL,
  source TEXT NOT NULL,
  base_version INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (store_id, external_id)
);

-- The author's note for a version ("what changed"), set when it is published or saved; null when none was given.
ALTER TABLE product_versions ADD COLUMN note TEXT;
