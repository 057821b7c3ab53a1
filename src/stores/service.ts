import { eq } from 'drizzle-orm';
import type { Plan } from '../api/permissions';
import { directoryDatabase, shardDatabase } from '../db/client';
import { stores } from '../db/schema';
import { allShards, noteShard, shardBinding } from '../db/shards';
import { ApiError } from '../errors';
import { setStorePlan } from '../limits/store-plan';

// Stores (tenants): their rows in the directory (shard 0's `stores`, docs/scale.md), where each store's own rows
// live, and the plan their Durable Object enforces. Routes and other services reach stores only through here.

export type Store = typeof stores.$inferSelect;

/** What D1 caps a database at (Workers Paid): a shard's room is this less its size. */
export const SHARD_CAPACITY_BYTES = 10 * 1024 ** 3;

/** Each shard's size in bytes, from D1's `meta.size_after` of a statement that reads nothing. */
export async function shardSizes(env: Env): Promise<{ shard: number; bytes: number }[]> {
  return Promise.all(
    allShards(env).map(async (shard) => {
      const { meta } = await shardBinding(env, shard).prepare('SELECT 1').run();
      return { shard, bytes: meta.size_after };
    }),
  );
}

/** The shard with the most room (every shard has D1's capacity, so the smallest); the lowest on a tie. */
async function roomiest(env: Env): Promise<number> {
  const rooms = (await shardSizes(env)).map((s) => ({ shard: s.shard, room: SHARD_CAPACITY_BYTES - s.bytes }));
  return rooms.reduce((best, s) => (s.room > best.room ? s : best)).shard;
}

/**
 * A new store in the shard given, or in the one with the most room; CONFLICT when the id is taken, VALIDATION_FAILED
 * for a shard this Worker does not bind. In a shard other than 0 the store's row is copied there too, as the anchor
 * of its rows' foreign keys (migrations/0020_store_shards.sql); both are written or neither.
 */
export async function createStore(
  env: Env,
  input: { id: string; name: string; plan: Plan; shard?: number | undefined },
): Promise<Store> {
  if (input.shard !== undefined && !allShards(env).includes(input.shard)) {
    throw new ApiError('VALIDATION_FAILED', `There is no shard ${input.shard}`, {
      errors: [
        { field: 'shard', code: 'INVALID_VALUE', message: `Shards are 0 to ${allShards(env).length - 1}`, location: 'body' },
      ],
    });
  }
  const shard = input.shard ?? (await roomiest(env));
  const now = Date.now();
  const row = { id: input.id, name: input.name, plan: input.plan, shard, createdAt: now, updatedAt: now };
  const inserted = await directoryDatabase(env).insert(stores).values(row).onConflictDoNothing().returning().get();
  if (!inserted) throw new ApiError('CONFLICT', `Store '${input.id}' already exists`);
  try {
    if (shard !== 0)
      await shardDatabase(env, shard).insert(stores).values(row).onConflictDoUpdate({ target: stores.id, set: row });
    await setStorePlan(env, input.id, input.plan);
  } catch (err) {
    await directoryDatabase(env).delete(stores).where(eq(stores.id, input.id));
    throw err;
  }
  noteShard(inserted.id, inserted.shard);
  return inserted;
}

/** Every store, from the directory (each names its shard). */
export function listStores(env: Env): Promise<Store[]> {
  return directoryDatabase(env).select().from(stores).orderBy(stores.id).all();
}

/** The store, or NOT_FOUND: every operation under a store starts here, and notes the store's shard for the isolate. */
export async function getStore(env: Env, id: string): Promise<Store> {
  const row = await directoryDatabase(env).select().from(stores).where(eq(stores.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', `Store '${id}' not found`);
  noteShard(row.id, row.shard);
  return row;
}

export async function updateStore(
  env: Env,
  id: string,
  patch: { name?: string | undefined; plan?: Plan | undefined },
): Promise<Store> {
  const updated = await directoryDatabase(env)
    .update(stores)
    .set({ ...patch, updatedAt: Date.now() })
    .where(eq(stores.id, id))
    .returning()
    .get();
  if (!updated) throw new ApiError('NOT_FOUND', `Store '${id}' not found`);
  // The store's Durable Object decides admission: the new plan binds here at once, everywhere within a second.
  if (patch.plan) await setStorePlan(env, id, patch.plan);
  return updated;
}
