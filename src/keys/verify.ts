import type { KeyRecord } from '../api/permissions';
import { heldShard, noteShard } from '../db/shards';
import type { RevocationViews } from './revocations';
import { recordKeyUse } from './service';
import { lookupKey } from './store';
import type { KeyUpdates, KeyUpdatesRequest } from './store-keys';

/** What a presented API key is: a store's key with its record, a key the store revoked, or no key at all. */
export type Verdict =
  | { kind: 'principal'; record: KeyRecord; waited: boolean }
  | { kind: 'revoked'; record: KeyRecord; waited: boolean }
  | { kind: 'unknown' };

export interface VerifyContext {
  waitUntil(promise: Promise<unknown>): void;
  /** For the log line of a failed call to the store's object. */
  requestId?: string | undefined;
  /** The isolate's views of revocations (`isolateRevocations`); tests simulating several isolates give each its own. */
  revocations: RevocationViews;
  /** How to ask the store's object for the key's updates, when not by its `keyUpdates` (src/access/joint.ts). */
  call?: ((record: KeyRecord, request: KeyUpdatesRequest) => Promise<KeyUpdates>) | undefined;
  /**
   * Work to start while the request waits for the store's object, with the key's record (the store is known then):
   * src/configurator/read-ahead.ts loads the product the request names, so a cold isolate waits for both at once.
   */
  meanwhile?: ((record: KeyRecord) => void) | undefined;
}

/**
 * Verifies a presented key: its record from KV (src/keys/store.ts; a malformed or unknown key is `unknown`), then
 * whether its store revoked it, from this isolate's view of the store's revocations, at most a second old
 * (src/keys/revocations.ts). `waited` says whether the request waited on the store's object for that view. When the
 * object fails, the key is judged on what the view holds, and the failure is logged: revocation then binds once the
 * deleted KV record expires from the caches (docs/rate-limits.md, "When the Durable Object fails").
 */
export async function verify(env: Env, token: string, ctx: VerifyContext): Promise<Verdict> {
  const record = await lookupKey(env.KEYS, token);
  if (!record) return { kind: 'unknown' };
  // The store's shard as the record says, unless the isolate holds it already: its rows need no directory read.
  if (heldShard(record.storeId) === undefined) noteShard(record.storeId, record.shard ?? 0);
  const { revoked, waited } = await ctx.revocations.check(env, record, {
    waitUntil: (promise) => ctx.waitUntil(promise),
    call: ctx.call && ((request) => ctx.call!(record, request)),
    waiting: ctx.meanwhile && (() => ctx.meanwhile!(record)),
    touch: (keyIds) => ctx.waitUntil(Promise.all(keyIds.map((keyId) => recordKeyUse(env, record.storeId, keyId, Date.now())))),
    failed: (err) =>
      console.error(
        JSON.stringify({
          level: 'error',
          request_id: ctx.requestId,
          message: 'checking revoked keys failed; trusting the key record',
          error: err instanceof Error ? err.message : String(err),
        }),
      ),
  });
  return { kind: revoked ? 'revoked' : 'principal', record, waited };
}
