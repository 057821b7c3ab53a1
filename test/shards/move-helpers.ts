import { env } from 'cloudflare:workers';
import type { z } from 'zod';
import type { MoveStatus } from '../../src/api/admin/shards';
import { STORE_TABLES } from '../../src/db/store-tables';
import { admin } from '../helpers';

// What the tests of a store's move read of it: its rows in a shard, and its move's status over the admin API.

export type Status = z.infer<typeof MoveStatus>;

export const shards = [env.DB, env.DB_1];

/** The store's rows of each store-owned table in `db`, the tables it has none of left out. */
export async function rowsOf(db: D1Database, storeId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table } of STORE_TABLES) {
    const row = await db.prepare(`SELECT count(*) AS n FROM "${table}" WHERE store_id = ?1`).bind(storeId).first<{ n: number }>();
    if (row!.n > 0) counts[table] = row!.n;
  }
  return counts;
}

export const status = async (storeId: string) => (await admin('GET', `/stores/${storeId}/move`)).json<Status>();

/** The move's status once it reached one of `phases` (the store's alarm runs it by itself). */
export async function until(storeId: string, phases: string[], deadlineMs = 20_000): Promise<Status> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const now = await status(storeId);
    if (phases.includes(now.move?.phase ?? '')) return now;
    if (Date.now() > end) throw new Error(`move still ${now.move?.phase}: ${JSON.stringify(now.move)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
