import type { Plan } from '../api/permissions';
import { storeGate, storeObjectName } from './gate';
import { isolateLeases } from './lease';

// What the admin API changes in a store's object. The isolate making the change applies it from its next request
// on; every other isolate within one lease lifetime (LEASE_TTL_MS), when it renews.

/** Stores the store's plan in its object; this isolate's lease is dropped so its next request gets the new budget. */
export async function setStorePlan(env: Env, storeId: string, plan: Plan): Promise<void> {
  await storeGate(env, storeId).setPlan(plan);
  isolateLeases.forget(storeObjectName(storeId));
}

/** Revokes the key in the store's object, and in this isolate at once. */
export async function revokeStoreKey(env: Env, storeId: string, keyId: string): Promise<void> {
  await storeGate(env, storeId).revokeKey(keyId);
  isolateLeases.revoke(storeId, keyId);
}
