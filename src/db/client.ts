import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';
import { heldShard, noteShard, shardBinding } from './shards';

// Every store-owned row lives in its store's shard (docs/scale.md): a service reaches it through `storeDatabase`
// (or `storeReplica`, `storeBinding`) with the store's id, never through a binding. Jobs across stores (the cron,
// the queue's consumer) walk `allShards` (src/db/shards.ts) with `shardDatabase`; the directory, shard 0's `stores`,
// is `directoryDatabase`.

/** Shard n's primary: every write, and every read that must see the latest writes. */
export function shardDatabase(env: Env, shard: number) {
  return drizzle(shardBinding(env, shard), { schema });
}

export type Database = ReturnType<typeof shardDatabase>;

/**
 * A D1 session of shard n that any read replica may answer first ('first-unconstrained', D1's Sessions API), for rows
 * that never change once written (a product version): a replica that has such a row has it right, and one that lacks
 * it yet is told apart by the miss, which the caller then reads from the primary. drizzle's D1 driver calls only
 * `prepare` and `batch`, which a session has like the database itself.
 */
export function shardReplica(env: Env, shard: number): Database {
  return drizzle(shardBinding(env, shard).withSession('first-unconstrained') as unknown as D1Database, { schema });
}

/** The directory (shard 0's `stores`): which stores exist and where each lives. */
export const directoryDatabase = (env: Env) => shardDatabase(env, 0);

const directoryRow = (db: Database, storeId: string) =>
  db.select({ shard: schema.stores.shard }).from(schema.stores).where(eq(schema.stores.id, storeId)).get();

/**
 * The shard holding a store's rows: what this isolate holds (src/db/shards.ts: noted from the key record or an
 * earlier directory read), else the directory, from a read replica first (a store's row changes only when it moves)
 * and the primary on a miss. An unknown store answers shard 0, not held, where its rows are not either.
 */
export async function storeShard(env: Env, storeId: string): Promise<number> {
  const hit = heldShard(storeId);
  if (hit !== undefined) return hit;
  const row = (await directoryRow(shardReplica(env, 0), storeId)) ?? (await directoryRow(directoryDatabase(env), storeId));
  if (!row) return 0;
  noteShard(storeId, row.shard);
  return row.shard;
}

/** The store's shard's primary: the one way to a store's rows (`(await storeDatabase(env, storeId))` before shards). */
export async function storeDatabase(env: Env, storeId: string): Promise<Database> {
  return shardDatabase(env, await storeShard(env, storeId));
}

/** A read-replica session of the store's shard (`shardReplica`), for rows that never change once written. */
export async function storeReplica(env: Env, storeId: string): Promise<Database> {
  return shardReplica(env, await storeShard(env, storeId));
}

/** The store's shard's D1 binding itself, for raw statements drizzle does not build (src/quotes/service/insights.ts). */
export async function storeBinding(env: Env, storeId: string): Promise<D1Database> {
  return shardBinding(env, await storeShard(env, storeId));
}
