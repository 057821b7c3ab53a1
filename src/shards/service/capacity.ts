import type { z } from '@hono/zod-openapi';
import type { ShardList } from '../../api/admin/shards';
import { allShards, shardBinding } from '../../db/shards';
import { STORE_TABLES } from '../../db/store-tables';
import { SHARD_CAPACITY_BYTES, shardSizes } from '../../stores/service';

// What each shard holds (docs/scale.md, "Capacity"): its size as D1 reports it and its rows per table, against the
// planning figures: D1's 10 GB a database, and a warning from 70 % fill, which leaves a year's growth of the stores
// already placed.

export const WARN_AT = 0.7;

/** D1's 10 GB, unless the variable SHARD_CAPACITY_BYTES says otherwise (the tests' small shards). */
export function shardCapacity(env: Env): number {
  const set = Number((env as unknown as Record<string, unknown>).SHARD_CAPACITY_BYTES);
  return Number.isInteger(set) && set > 0 ? set : SHARD_CAPACITY_BYTES;
}

/** Every shard's size, fill and rows per table, and how many stores the directory places in it. */
export async function shardsCapacity(env: Env): Promise<z.infer<typeof ShardList>> {
  const capacity = shardCapacity(env);
  const placed = await shardBinding(env, 0)
    .prepare('SELECT shard, count(*) AS n FROM stores GROUP BY shard')
    .all<{ shard: number; n: number }>();
  const stores = new Map(placed.results.map((r) => [r.shard, r.n]));
  const sizes = new Map((await shardSizes(env)).map((s) => [s.shard, s.bytes]));
  const shards = await Promise.all(
    allShards(env).map(async (shard) => {
      const db = shardBinding(env, shard);
      const results = await db.batch<{ n: number }>(
        STORE_TABLES.map(({ table }) => db.prepare(`SELECT count(*) AS n FROM "${table}"`)),
      );
      const size = sizes.get(shard) ?? 0;
      const rows = Object.fromEntries(STORE_TABLES.map(({ table }, i) => [table, results[i]?.results[0]?.n ?? 0]));
      const fill = size / capacity;
      return {
        shard,
        binding: shard === 0 ? 'DB' : `DB_${shard}`,
        size_bytes: size,
        capacity_bytes: capacity,
        fill,
        warning: fill >= WARN_AT,
        stores: stores.get(shard) ?? 0,
        rows,
      };
    }),
  );
  return { capacity_bytes: capacity, warn_at: WARN_AT, shards };
}
