import type { KeyRecord } from './permissions';
import { isWellFormedKey, sha256Hex } from './secret';

const kvName = (hash: string) => `key:${hash}`;

export async function putKeyRecord(kv: KVNamespace, hash: string, record: KeyRecord): Promise<void> {
  await kv.put(kvName(hash), JSON.stringify(record));
}

export async function deleteKeyRecord(kv: KVNamespace, hash: string): Promise<void> {
  await kv.delete(kvName(hash));
}

/** The record for a presented key, or null for a malformed or unknown one (revocation is checked later, in the store's Durable Object). */
export async function lookupKey(kv: KVNamespace, key: string): Promise<KeyRecord | null> {
  if (!isWellFormedKey(key)) return null;
  // Cached at the edge for a minute: revocation does not rely on KV, so staleness here is harmless.
  return kv.get<KeyRecord>(kvName(await sha256Hex(key)), { type: 'json', cacheTtl: 60 });
}
