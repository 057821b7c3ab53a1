import { storeAccess, storeObjectName } from '../access/names';
import type { Plan } from '../api/permissions';
import { isolateLeases } from './lease';

/**
 * Stores the store's plan in its object. The isolate making the change drops its lease, so its next request gets
 * the new budget; every other isolate gets it within one lease lifetime (LEASE_TTL_MS), when it renews.
 */
export async function setStorePlan(env: Env, storeId: string, plan: Plan): Promise<void> {
  await storeAccess(env, storeId).setPlan(plan);
  isolateLeases.forget(storeObjectName(storeId));
}
