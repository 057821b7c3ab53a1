export { BUDGETS, type Quota, type Tier, WINDOW_SECONDS, type WindowName } from './budgets';
export { type Admission, type AdmitRequest, StoreGate, storeGate } from './gate';
export { createRateLimit, type Gate, rateLimit, type RateLimitOptions } from './middleware';
