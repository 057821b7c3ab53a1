// The revocations part of a store's object (src/access/object.ts): the store's revoked key ids, numbered in the
// order they were revoked (the row id is the revocation *epoch*), so that an isolate asks only for what it has not
// seen yet.

export const REVOCATIONS_SCHEMA = 'CREATE TABLE IF NOT EXISTS revoked (key_id TEXT PRIMARY KEY, revoked_at INTEGER NOT NULL);';

/**
 * Revocations older than this are not sent to isolates: the key's KV record was deleted at revocation and expires
 * from every edge cache within about a minute, after which the key no longer authenticates at all.
 */
export const REVOCATION_HORIZON_MS = 60 * 60_000;

/** Records the revocation; revoking a key again keeps its first epoch. */
export function storeRevocation(sql: SqlStorage, keyId: string, at: number): void {
  sql.exec('INSERT OR IGNORE INTO revoked (key_id, revoked_at) VALUES (?, ?)', keyId, at);
}

/** The latest epoch: 0 while no key of the store was ever revoked. */
export function revocationEpoch(sql: SqlStorage): number {
  return sql.exec<{ epoch: number | null }>('SELECT max(rowid) AS epoch FROM revoked').one().epoch ?? 0;
}

/** The keys revoked after `epoch`, within the horizon. */
export function revokedSince(sql: SqlStorage, epoch: number, now: number): string[] {
  return sql
    .exec<{ key_id: string }>('SELECT key_id FROM revoked WHERE rowid > ? AND revoked_at > ?', epoch, now - REVOCATION_HORIZON_MS)
    .toArray()
    .map((r) => r.key_id);
}

export function holdsRevocations(sql: SqlStorage): boolean {
  return sql.exec('SELECT 1 FROM revoked LIMIT 1').toArray().length > 0;
}
