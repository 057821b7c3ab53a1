// The one list of store-owned tables (src/db/store-tables.ts) against the schema the migrations make: a table added
// without its place in the list, its store_id, its (store_id) index or its fence would be left behind by a move.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NOT_STORE_OWNED, STORE_TABLES } from '../../src/db/store-tables';

const listed = STORE_TABLES.map((t) => t.table);

async function schemaTables(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       AND name <> 'd1_migrations' ORDER BY name`,
    )
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

describe('store-owned tables', () => {
  it('every table of every shard is listed as store-owned or not, and every listed table exists', async () => {
    for (const db of [env.DB, env.DB_1]) {
      const tables = await schemaTables(db);
      expect(tables.filter((t) => !listed.includes(t) && !NOT_STORE_OWNED.includes(t))).toEqual([]);
      expect([...listed, ...NOT_STORE_OWNED].filter((t) => !tables.includes(t))).toEqual([]);
    }
  });

  it('every store-owned table has store_id, an index on store_id alone, and the fence on insert, update and delete', async () => {
    const problems: string[] = [];
    for (const table of listed) {
      const columns = await env.DB.prepare(`PRAGMA table_info("${table}")`).all<{ name: string }>();
      if (!columns.results.some((c) => c.name === 'store_id')) problems.push(`${table}: no store_id`);
      const indexes = await env.DB.prepare(`PRAGMA index_list("${table}")`).all<{ name: string }>();
      let byStore = false;
      for (const { name } of indexes.results) {
        const cols = await env.DB.prepare(`PRAGMA index_info("${name}")`).all<{ name: string }>();
        if (cols.results.length === 1 && cols.results[0]!.name === 'store_id') byStore = true;
      }
      if (!byStore) problems.push(`${table}: no index on (store_id)`);
      for (const op of ['insert', 'update', 'delete']) {
        const trigger = await env.DB.prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?1`)
          .bind(`${table}_fence_${op}`)
          .first<{ sql: string }>();
        if (!trigger?.sql.includes(`BEFORE ${op.toUpperCase()} ON ${table}`) || !trigger.sql.includes('CPQ_STORE_MOVING')) {
          problems.push(`${table}: no fence on ${op}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("a move's page of any table is one range of its (store_id) index, sorted by nothing else", async () => {
    for (const table of listed) {
      const plan = await env.DB.prepare(
        `EXPLAIN QUERY PLAN SELECT rowid AS "__rowid", * FROM "${table}" WHERE store_id = ?1 AND rowid > ?2 ORDER BY rowid LIMIT 10`,
      )
        .bind('s', 0)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join('; ');
      // A table of one row a store (quote_settings, store_profiles) finds it by its unique index on store_id.
      expect(details, table).toMatch(/^SEARCH \S+ USING (COVERING )?INDEX \S+ \(store_id=\?( AND rowid>\?)?\)$/);
      expect(details, table).not.toContain('TEMP B-TREE');
    }
  });
});
