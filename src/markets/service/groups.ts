import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { MARKET_LIMITS, RETAIL } from '../../api/admin/markets';
import { database } from '../../db/client';
import { apiKeys, customerGroups, marketPriceLists } from '../../db/schema';
import { ApiError } from '../../errors';
import { getStore } from '../../stores/service';
import { publishSnapshot } from './snapshot';

// A store's customer groups (migrations/0018_markets.sql): `retail` always exists and is never stored; the others
// are the store's (dealer, a key account …). A key prices for one group, a market names a list per group.

export type CustomerGroupRow = typeof customerGroups.$inferSelect;

const noGroup = (id: string) => new ApiError('NOT_FOUND', `Customer group '${id}' not found`, { details: { field: 'group' } });
const builtin = () =>
  new ApiError('CONFLICT', `'${RETAIL}' is every store's public group; it cannot be created, changed or deleted`);
const groupKey = (storeId: string, id: string) => and(eq(customerGroups.storeId, storeId), eq(customerGroups.id, id));

/** The store's stored groups, by id; NOT_FOUND for an unknown store. */
export async function listGroups(env: Env, storeId: string): Promise<CustomerGroupRow[]> {
  await getStore(env, storeId);
  return database(env)
    .select()
    .from(customerGroups)
    .where(eq(customerGroups.storeId, storeId))
    .orderBy(asc(customerGroups.id))
    .all();
}

/** A stored group; null for retail (which exists without a row); NOT_FOUND otherwise. */
export async function getGroup(env: Env, storeId: string, id: string): Promise<CustomerGroupRow | null> {
  await getStore(env, storeId);
  if (id === RETAIL) return null;
  const row = await database(env).select().from(customerGroups).where(groupKey(storeId, id)).get();
  if (!row) throw noGroup(id);
  return row;
}

export async function createGroup(env: Env, storeId: string, input: { id: string; name: string }): Promise<CustomerGroupRow> {
  await getStore(env, storeId);
  if (input.id === RETAIL) throw builtin();
  const db = database(env);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(customerGroups).where(eq(customerGroups.storeId, storeId));
  if (n >= MARKET_LIMITS.groups) {
    throw new ApiError('CONFLICT', `Store '${storeId}' has ${MARKET_LIMITS.groups} customer groups, the most it may have`, {
      details: { max: MARKET_LIMITS.groups },
    });
  }
  const now = Date.now();
  const row = await db
    .insert(customerGroups)
    .values({ storeId, ...input, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row) throw new ApiError('CONFLICT', `Customer group '${input.id}' already exists`);
  await publishSnapshot(env, storeId);
  return row;
}

export async function renameGroup(env: Env, storeId: string, id: string, name: string): Promise<CustomerGroupRow> {
  await getStore(env, storeId);
  if (id === RETAIL) throw builtin();
  const row = await database(env)
    .update(customerGroups)
    .set({ name, updatedAt: Date.now() })
    .where(groupKey(storeId, id))
    .returning()
    .get();
  if (!row) throw noGroup(id);
  return row;
}

/** CONFLICT while a key (not revoked) or a market's list assignment names the group. */
export async function deleteGroup(env: Env, storeId: string, id: string): Promise<void> {
  await getStore(env, storeId);
  if (id === RETAIL) throw builtin();
  const db = database(env);
  const [keys, assigned] = await db.batch([
    db
      .select({ id: apiKeys.id, name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.storeId, storeId), eq(apiKeys.customerGroup, id), isNull(apiKeys.revokedAt)))
      .limit(5),
    db
      .select({ market: marketPriceLists.marketId })
      .from(marketPriceLists)
      .where(and(eq(marketPriceLists.storeId, storeId), eq(marketPriceLists.groupId, id)))
      .limit(5),
  ]);
  if (keys.length > 0 || assigned.length > 0) {
    throw new ApiError('CONFLICT', `Customer group '${id}' is in use: revoke its keys and remove it from markets first`, {
      details: { api_keys: keys.map((k) => k.id), markets: [...new Set(assigned.map((a) => a.market))] },
    });
  }
  const removed = await db.delete(customerGroups).where(groupKey(storeId, id)).returning({ id: customerGroups.id });
  if (removed.length === 0) throw noGroup(id);
  await publishSnapshot(env, storeId);
}
