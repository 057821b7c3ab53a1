// The one list of the tables that hold a store's rows: what moving a store copies, verifies and deletes
// (src/shards/service/move.ts), what the fence guards (migrations/0021_store_moves.sql) and what a shard's capacity
// counts. test/shards/store-tables.cases.ts fails when a table of the schema is in neither this list nor
// NOT_STORE_OWNED, or when one listed here lacks its store_id, its (store_id) index or its fence's triggers: a new
// table cannot be forgotten by a move.

export interface StoreTable {
  readonly table: string;
  /**
   * Rows a move copies per page: what its largest row allows within a page of about 8 MB (a part of a source or a
   * compiled form is 800,000 bytes, src/db/parts.ts; a version row holds the first part of each).
   */
  readonly pageRows: number;
}

/** Parents before children (their foreign keys): a move copies in this order and deletes in the reverse. */
export const STORE_TABLES: readonly StoreTable[] = [
  { table: 'api_keys', pageRows: 200 },
  { table: 'products', pageRows: 200 },
  { table: 'product_versions', pageRows: 4 },
  { table: 'product_version_parts', pageRows: 10 },
  { table: 'product_version_source_parts', pageRows: 10 },
  { table: 'product_drafts', pageRows: 10 },
  { table: 'product_draft_parts', pageRows: 10 },
  { table: 'quote_counters', pageRows: 200 },
  { table: 'quote_settings', pageRows: 200 },
  { table: 'quotes', pageRows: 100 },
  { table: 'quote_items', pageRows: 100 },
  { table: 'quote_history', pageRows: 200 },
  { table: 'quote_replays', pageRows: 8 },
  { table: 'store_profiles', pageRows: 200 },
  { table: 'webhook_endpoints', pageRows: 200 },
  { table: 'webhook_events', pageRows: 10 },
  { table: 'webhook_event_parts', pageRows: 10 },
  { table: 'webhook_deliveries', pageRows: 200 },
  { table: 'webhook_attempts', pageRows: 200 },
  { table: 'customer_groups', pageRows: 200 },
  { table: 'price_lists', pageRows: 200 },
  { table: 'price_list_entries', pageRows: 200 },
  { table: 'price_list_packs', pageRows: 2 },
  { table: 'price_list_changes', pageRows: 200 },
  { table: 'markets', pageRows: 200 },
  { table: 'market_price_lists', pageRows: 200 },
];

/**
 * The tables of the schema that are no store's rows: the directory (`stores`: shard 0's rows are the directory, a
 * shard's copy of a store's row anchors its foreign keys and is written by the move itself) and the fence.
 */
export const NOT_STORE_OWNED: readonly string[] = ['stores', 'store_fences'];

/** What the fence's triggers raise (migrations/0021_store_moves.sql); D1 puts it in the error's message. */
export const STORE_MOVING = 'CPQ_STORE_MOVING';

/** A D1 write refused by the fence: the store is moving, or has moved, away from the database written to. */
export function isStoreMoving(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e.message.includes(STORE_MOVING)) return true;
  }
  return false;
}
