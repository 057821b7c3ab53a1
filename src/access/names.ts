import type { StoreAccess } from './object';

/** Object names are namespaced so that no store id can ever share an object with a client address. */
export const storeObjectName = (storeId: string) => `store:${storeId}`;
export const addressObjectName = (address: string) => `addr:${address}`;
export const signInObjectName = (address: string) => `sign-in:${address}`;

/** The store's object: its budget (src/limits) and its keys' revocations and last use (src/keys). */
export function storeAccess(env: Env, storeId: string): DurableObjectStub<StoreAccess> {
  return env.ACCESS.getByName(storeObjectName(storeId));
}
