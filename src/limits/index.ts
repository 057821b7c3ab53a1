export { BUDGETS, type Quota, type Tier, WINDOW_SECONDS, type WindowName } from './budgets';
export { injectedClock, type LimiterClock, realClock } from './clock';
export {
  type Admission,
  type AdmitRequest,
  LEASE_TTL_MS,
  type LeaseGrant,
  type LeaseRequest,
  StoreGate,
  storeGate,
} from './gate';
export { isolateLeases, LeaseRegistry } from './lease';
export { createRateLimit, type Gate, type RateLimitOptions, rateLimit } from './middleware';
export { revokeStoreKey, setStorePlan } from './store-admin';
