import { and, eq } from 'drizzle-orm';
import type { Permission } from '../api/permissions';
import { database } from '../db/client';
import { apiKeys } from '../db/schema';
import { ApiError } from '../errors';
import { checkKeyBinding } from '../markets/service/markets';
import { getStore } from '../stores/service';
import { revokeStoreKey } from './revocations';
import { generateApiKey, sha256Hex } from './secret';
import { deleteKeyRecord, putKeyRecord } from './store';

// API keys across their three homes: the D1 row (what the backoffice lists), the KV record under the key's hash
// (what a request authenticates with), and the store's Durable Object (what makes revocation immediate). Their
// lifecycle lives here so no caller can update one home and forget another.

export type ApiKey = typeof apiKeys.$inferSelect;

/**
 * A new key for an existing store; the secret is returned this once and only its hash is kept. Its customer group
 * (null: retail) and markets (null: all) must exist (400 naming the field).
 */
export async function createKey(
  env: Env,
  storeId: string,
  input: { name: string; permissions: Permission[]; customerGroup?: string | null; markets?: string[] | null },
): Promise<{ key: string; row: ApiKey }> {
  const store = await getStore(env, storeId);
  const permissions = [...new Set(input.permissions)];
  const customerGroup = input.customerGroup === 'retail' ? null : (input.customerGroup ?? null);
  const markets = await checkKeyBinding(env, storeId, customerGroup, input.markets ?? null);
  const { key, prefix } = generateApiKey();
  const hash = await sha256Hex(key);
  const row: ApiKey = {
    id: `key_${crypto.randomUUID().replaceAll('-', '')}`,
    storeId: store.id,
    name: input.name,
    prefix,
    hash,
    permissions,
    createdAt: Date.now(),
    lastUsedAt: null,
    revokedAt: null,
    customerGroup,
    markets,
  };
  const db = database(env);
  await db.insert(apiKeys).values(row);
  try {
    await putKeyRecord(env.KEYS, hash, {
      keyId: row.id,
      storeId: store.id,
      permissions,
      plan: store.plan,
      customerGroup,
      markets,
    });
  } catch (err) {
    // Without its KV record the key could never work: do not leave it listed.
    await db.delete(apiKeys).where(eq(apiKeys.id, row.id));
    throw err;
  }
  return { key, row };
}

/** A store's keys, oldest first; NOT_FOUND for an unknown store. */
export async function listKeys(env: Env, storeId: string): Promise<ApiKey[]> {
  await getStore(env, storeId);
  return database(env).select().from(apiKeys).where(eq(apiKeys.storeId, storeId)).orderBy(apiKeys.createdAt).all();
}

/** Revokes a key of the store; revoking it again is harmless. NOT_FOUND when the store has no such key. */
export async function revokeKey(env: Env, storeId: string, keyId: string): Promise<void> {
  const db = database(env);
  const row = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.storeId, storeId)))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', `API key '${keyId}' not found in store '${storeId}'`);
  // The store's Durable Object tells every isolate within a second (src/keys/revocations.ts), this one at once;
  // the KV record may linger up to a minute at other locations and no longer matters.
  await revokeStoreKey(env, storeId, keyId);
  if (row.revokedAt === null) await db.update(apiKeys).set({ revokedAt: Date.now() }).where(eq(apiKeys.id, keyId));
  await deleteKeyRecord(env.KEYS, row.hash);
}

/** Notes a key's use for the backoffice; best effort, as a failure must not fail the request that used the key. */
export async function recordKeyUse(env: Env, keyId: string, at: number): Promise<void> {
  try {
    await database(env).update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId));
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: 'recording api key use failed', key_id: keyId, error: String(err) }));
  }
}
