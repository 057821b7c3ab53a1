import type { KeyRecord } from '../api/permissions';
import { isWellFormedKey, sha256Hex } from './secret';

const kvName = (hash: string) => `key:${hash}`;

export async function putKeyRecord(kv: KVNamespace, hash: string, record: KeyRecord): Promise<void> {
  await kv.put(kvName(hash), JSON.stringify(record));
}

export async function deleteKeyRecord(kv: KVNamespace, hash: string): Promise<void> {
  await kv.delete(kvName(hash));
}

/**
 * Known keys' records held by this isolate, by the key as presented: a KV read costs more than the rest of a warm
 * request, and hashing the key again for each request cost about as much as a calculation's evaluation (bench/RESULTS.md
 * §4). The keys stay in this isolate's memory as long as their entries (at most 10,000); only hashes are ever stored.
 */
const known = new Map<string, { record: KeyRecord; until: number }>();
const KNOWN_TTL_MS = 30_000;
const KNOWN_MAX = 10_000;

/** KV writes at once when a moved store's records are written again. */
const REHOME_AT_ONCE = 50;

/**
 * Writes the records of a moved store's live keys again with its new shard (their hint, docs/scale.md), and drops
 * what this isolate holds of the store's records. Other isolates and KV's caches may serve the old hint a while
 * longer: the store's object overrides it within a second (`shard` of its key updates, src/keys/store-keys.ts).
 */
export async function rehomeKeyRecords(
  kv: KVNamespace,
  storeId: string,
  records: readonly { hash: string; record: KeyRecord }[],
): Promise<void> {
  for (let i = 0; i < records.length; i += REHOME_AT_ONCE) {
    await Promise.all(records.slice(i, i + REHOME_AT_ONCE).map(({ hash, record }) => putKeyRecord(kv, hash, record)));
  }
  for (const [key, held] of known) if (held.record.storeId === storeId) known.delete(key);
}

/** The record for a presented key, or null for a malformed or unknown one (revocation is `verify`'s to check, verify.ts). */
export async function lookupKey(kv: KVNamespace, key: string): Promise<KeyRecord | null> {
  if (!isWellFormedKey(key)) return null;
  const now = Date.now();
  const held = known.get(key);
  if (held && held.until > now) return held.record;
  // Cached at the edge for a minute and in the isolate for 30 s: revocation and plan changes reach every isolate
  // through the store's Durable Object (docs/rate-limits.md), never through this record, so staleness is harmless.
  // Unknown keys are not held, so a key works in every isolate as soon as it is created.
  const record = await kv.get<KeyRecord>(kvName(await sha256Hex(key)), { type: 'json', cacheTtl: 60 });
  known.delete(key);
  if (record) {
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value as string);
    known.set(key, { record, until: now + KNOWN_TTL_MS });
  }
  return record;
}
