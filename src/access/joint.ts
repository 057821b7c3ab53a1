import type { KeyRecord } from '../api/permissions';
import { withTimeout } from '../isolate/timeout';
import type { KeyUpdates, KeyUpdatesRequest } from '../keys/store-keys';
import type { LeaseRegistry } from '../limits';
import { storeAccess, storeObjectName } from './names';

/** How long the limiter waits for a lease call (src/limits/middleware.ts); the lease's later calls keep to it. */
const LEASE_PATIENCE_MS = 1_500;

export interface JointContext {
  waitUntil(promise: Promise<unknown>): void;
  /** A later call of the lease (handing back unused tokens) failed. */
  failed(err: unknown): void;
}

/**
 * The key check's call to the store's object (src/keys/revocations.ts), carrying the lease request the limiter would
 * send right after it (`LeaseRegistry.join`) whenever the isolate holds no usable lease for the store: a keyed request
 * in a cold isolate then waits for one round trip to the object, not two in a row. Keys and limits still import
 * nothing of each other (docs/architecture.md, "Keys and rate limits"): they meet here, as in the object.
 */
export function jointKeyUpdates(env: Env, leases: LeaseRegistry, ctx: JointContext) {
  return async (record: KeyRecord, keys: KeyUpdatesRequest): Promise<KeyUpdates> => {
    const object = storeAccess(env, record.storeId);
    const joined = leases.join(storeObjectName(record.storeId), record.plan, {
      call: (lease) => withTimeout(object.lease(lease), LEASE_PATIENCE_MS),
      waitUntil: (promise) => ctx.waitUntil(promise),
      failed: ctx.failed,
      patienceMs: LEASE_PATIENCE_MS,
    });
    if (!joined) return object.keyUpdates(keys);
    try {
      const answer = await object.keysAndLease({ keys, lease: joined.request });
      joined.land(answer.lease);
      return answer.keys;
    } catch (err) {
      joined.fail();
      throw err;
    }
  };
}
