export { BUDGETS, type Quota, type Tier, WINDOW_SECONDS, type WindowName } from './budgets';
export { injectedClock, type LimiterClock, realClock } from './clock';
export { type Decision, isolateLeases, type JoinedLease, LeaseRegistry } from './lease';
export {
  type AdmissionRequest,
  type Admit,
  createRateLimit,
  type Gate,
  logError,
  type RateLimitOptions,
  rateLimit,
} from './middleware';
export { type Admission, type AdmitRequest, LEASE_TTL_MS, type LeaseGrant, type LeaseRequest } from './store-budget';
export { setStorePlan } from './store-plan';
