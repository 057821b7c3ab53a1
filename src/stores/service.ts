import { eq } from 'drizzle-orm';
import type { Plan } from '../api/permissions';
import { database } from '../db/client';
import { stores } from '../db/schema';
import { ApiError } from '../errors';
import { setStorePlan } from '../limits/store-plan';

// Stores (tenants): their D1 rows and the plan their Durable Object enforces. Routes and other services reach
// stores only through here.

export type Store = typeof stores.$inferSelect;

/** A new store; CONFLICT when the id is taken. */
export async function createStore(env: Env, input: { id: string; name: string; plan: Plan }): Promise<Store> {
  const now = Date.now();
  const inserted = await database(env)
    .insert(stores)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!inserted) throw new ApiError('CONFLICT', `Store '${input.id}' already exists`);
  await setStorePlan(env, input.id, input.plan);
  return inserted;
}

export function listStores(env: Env): Promise<Store[]> {
  return database(env).select().from(stores).orderBy(stores.id).all();
}

/** The store, or NOT_FOUND: every operation under a store starts here. */
export async function getStore(env: Env, id: string): Promise<Store> {
  const row = await database(env).select().from(stores).where(eq(stores.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', `Store '${id}' not found`);
  return row;
}

export async function updateStore(
  env: Env,
  id: string,
  patch: { name?: string | undefined; plan?: Plan | undefined },
): Promise<Store> {
  const updated = await database(env)
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
