// The shards (docs/scale.md, wrangler.toml): the D1 databases a store's rows may live in, `DB` (shard 0, also the
// directory) and `DB_1` … `DB_<n>`, and what this isolate holds of the directory. Plain data and bindings only, so
// the key check (src/keys/verify.ts) notes the hint its record carries without reaching the database.

/** Shard n's D1 binding: `DB` for 0, `DB_<n>` after it. Throws for a shard this Worker does not bind. */
export function shardBinding(env: Env, shard: number): D1Database {
  const binding = shard === 0 ? env.DB : (env as unknown as Record<string, D1Database | undefined>)[`DB_${shard}`];
  if (!Number.isInteger(shard) || !binding) throw new Error(`No D1 binding for shard ${shard}`);
  return binding;
}

/** Every shard this Worker binds, 0 first: `DB`, `DB_1`, … up to the first number without a binding. */
export function allShards(env: Env): number[] {
  const bound = env as unknown as Record<string, unknown>;
  const shards = [0];
  while (bound[`DB_${shards.length}`] !== undefined) shards.push(shards.length);
  return shards;
}

/**
 * Runs `job` on every shard at once (the cron, src/index.ts); waits for all, then throws if any failed, naming each
 * failed shard.
 */
export async function eachShard(env: Env, job: (shard: number) => Promise<unknown>): Promise<void> {
  const shards = allShards(env);
  const results = await Promise.allSettled(shards.map((shard) => job(shard)));
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [{ shard: shards[i]!, reason: r.reason }] : []));
  if (failed.length > 0) {
    throw new AggregateError(
      failed.map((f) => f.reason),
      `Shard${failed.length > 1 ? 's' : ''} ${failed.map((f) => f.shard).join(', ')} failed: ${failed.map((f) => String(f.reason)).join('; ')}`,
    );
  }
}

/**
 * Stores' shards this isolate has seen: in the directory (src/db/client.ts, `storeShard`) or as the hint of a key
 * record, held 30 s like the records (src/keys/store.ts), at most 10,000. A store's request then finds its shard
 * with no read of its own: the key check has read the record already, and an admin request's store check the
 * directory's row. Plain numbers, written synchronously once a request's own read has arrived.
 */
const held = new Map<string, { shard: number; until: number }>();
export const SHARD_HOLD_MS = 30_000;
const HELD_MAX = 10_000;

export function noteShard(storeId: string, shard: number, now = Date.now()): void {
  held.delete(storeId);
  if (held.size >= HELD_MAX) held.delete(held.keys().next().value as string);
  held.set(storeId, { shard, until: now + SHARD_HOLD_MS });
}

export function heldShard(storeId: string, now = Date.now()): number | undefined {
  const hit = held.get(storeId);
  return hit && hit.until > now ? hit.shard : undefined;
}

/** Drops what this isolate holds of a store's shard: the next request reads the directory. */
export function forgetShard(storeId: string): void {
  held.delete(storeId);
}
