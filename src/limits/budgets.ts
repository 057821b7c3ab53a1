import type { Plan } from '../api/permissions';

/**
 * Who a budget applies to: a store on its plan, a client address sending no valid key, or a client address's failed
 * admin sign-ins (wrong admin tokens at /admin/login and /api/admin).
 */
export type Tier = Plan | 'anonymous' | 'sign-in';

/** Fixed calendar windows in seconds: a minute starts on the minute, a day at 00:00 UTC (Unix time has no leap seconds). */
export const WINDOW_SECONDS = { minute: 60, day: 86_400 } as const;
export type WindowName = keyof typeof WINDOW_SECONDS;

export interface Quota {
  window: WindowName;
  /** Requests admitted per window. */
  limit: number;
}

/**
 * The one table of budgets, shortest window first. An empty list is unlimited. Anonymous traffic (GET /api/health,
 * and /api/v1 requests with a missing or unknown key) is counted per client address; its budget is generous for
 * monitors yet slows key guessing and floods.
 */
export const BUDGETS: Readonly<Record<Tier, readonly Quota[]>> = {
  free: [
    { window: 'minute', limit: 60 },
    { window: 'day', limit: 1_000 },
  ],
  pro: [
    { window: 'minute', limit: 300 },
    { window: 'day', limit: 10_000 },
  ],
  enterprise: [],
  anonymous: [
    { window: 'minute', limit: 120 },
    { window: 'day', limit: 20_000 },
  ],
  // Failures only: a right token is not counted. A minute window alone, so a mistyping admin (or a script with an
  // old token) locks its address out for the rest of one minute, never for a day.
  'sign-in': [{ window: 'minute', limit: 10 }],
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && Object.hasOwn(BUDGETS, value);
}
