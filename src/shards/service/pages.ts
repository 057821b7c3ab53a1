import { STORE_TABLES } from '../../db/store-tables';

// A store's rows of one table, page by page in rowid order: what a move copies, verifies and deletes. Each page is
// one range of the table's (store_id) index (migrations/0021_store_moves.sql), so a page costs its rows whatever the
// table holds of other stores, and the whole table costs each of the store's rows once.

export interface Page {
  /** The table's columns, in its order (the same in every shard: every shard has the same migrations). */
  columns: string[];
  rows: unknown[][];
  /** The rowid of the last row: where the next page starts. */
  last: number;
}

/** The store's rows of `table` after rowid `after`, at most `limit`. */
export async function readPage(db: D1Database, table: string, storeId: string, after: number, limit: number): Promise<Page> {
  const [header, ...rows] = await db
    .prepare(`SELECT rowid AS "__rowid", * FROM "${table}" WHERE store_id = ?1 AND rowid > ?2 ORDER BY rowid LIMIT ?3`)
    .bind(storeId, after, limit)
    .raw({ columnNames: true });
  const last = rows.length > 0 ? Number(rows.at(-1)![0]) : after;
  return { columns: (header ?? []).slice(1) as string[], rows: rows.map((row) => row.slice(1)), last };
}

/**
 * The statements writing a page's rows as they are into another shard (one D1 batch: a transaction). A page written
 * again (its step retried after its answer was lost) replaces its own rows, which are the table's last ones there.
 */
export function insertPage(db: D1Database, table: string, page: Page): D1PreparedStatement[] {
  const sql = `INSERT OR REPLACE INTO "${table}" (${page.columns.map((c) => `"${c}"`).join(', ')}) VALUES (${page.columns.map(() => '?').join(', ')})`;
  return page.rows.map((row) => db.prepare(sql).bind(...row));
}

/** Deletes up to `limit` of the store's rows of `table`; the statement, for a batch that opens the fence's door. */
export function deletePage(db: D1Database, table: string, storeId: string, limit: number): D1PreparedStatement {
  return db
    .prepare(`DELETE FROM "${table}" WHERE rowid IN (SELECT rowid FROM "${table}" WHERE store_id = ?1 ORDER BY rowid LIMIT ?2)`)
    .bind(storeId, limit);
}

/**
 * The running content hash of a table's rows: SHA-256 over the previous hash and each row's values as JSON, in
 * rowid order. A copy keeps that order (rows are inserted in it), so source and copy hash alike when, and only when,
 * they hold the same rows with the same values in the same order.
 */
export async function hashRows(previous: string, rows: readonly unknown[][]): Promise<string> {
  const encoder = new TextEncoder();
  let hash = previous;
  for (const row of rows) {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(hash + JSON.stringify(row)));
    hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
  return hash;
}

/** The store's rows of every store-owned table, counted in one statement per table on the store's index. */
export async function countRows(db: D1Database, storeId: string): Promise<Record<string, number>> {
  const results = await db.batch<{ n: number }>(
    STORE_TABLES.map(({ table }) => db.prepare(`SELECT count(*) AS n FROM "${table}" WHERE store_id = ?1`).bind(storeId)),
  );
  return Object.fromEntries(STORE_TABLES.map(({ table }, i) => [table, results[i]?.results[0]?.n ?? 0]));
}
