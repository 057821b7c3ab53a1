-- A compiled form (ProductIR as JSON) larger than one D1 value is stored in parts (issue 27: a valid schema's
-- compiled form passed D1's value limit and its save answered 500): product_versions.compiled holds the first
-- part and compiled_parts how many there are; product_version_parts holds parts 1, 2, … in order.
ALTER TABLE product_versions ADD COLUMN compiled_parts INTEGER NOT NULL DEFAULT 1;

CREATE TABLE product_version_parts (
  store_id TEXT NOT NULL,
  external_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  part INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (store_id, external_id, version, part)
);
