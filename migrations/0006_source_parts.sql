-- A schema's source may be up to 4 MiB (issue 25), more than one D1 value (2,000,000 bytes): like the compiled
-- form (0003), a version's source and a draft's are stored in parts of at most 800,000 bytes (src/db/parts.ts).
-- The row holds the first part and how many there are; the parts tables hold parts 1, 2, … in order, written in
-- the same batch as the row.
ALTER TABLE product_versions ADD COLUMN source_parts INTEGER NOT NULL DEFAULT 1;

CREATE TABLE product_version_source_parts (
  store_id TEXT NOT NULL,
  external_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  part INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (store_id, external_id, version, part)
);

ALTER TABLE product_drafts ADD COLUMN source_parts INTEGER NOT NULL DEFAULT 1;

CREATE TABLE product_draft_parts (
  store_id TEXT NOT NULL,
  external_id TEXT NOT NULL,
  part INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (store_id, external_id, part)
);
