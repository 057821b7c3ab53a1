import { type Quota, WINDOW_SECONDS, type WindowName } from './budgets';

/** A window's stored counter: the window's start (Unix ms) and the requests admitted in it. */
export interface Counter {
  start: number;
  count: number;
}

/** What a response reports about one window; the rate-limit headers are made from these. */
export interface WindowState {
  window: WindowName;
  limit: number;
  remaining: number;
  /** End of the window in Unix seconds. */
  resetAt: number;
  /** Whole seconds from now until the window ends, at least 1. */
  resetIn: number;
}

export interface Tally {
  allowed: boolean;
  windows: WindowState[];
  /** Counters to store: one per window when a request was counted, none otherwise. */
  writes: Array<Counter & { window: WindowName }>;
}

export function windowStart(window: WindowName, now: number): number {
  const length = WINDOW_SECONDS[window] * 1000;
  return Math.floor(now / length) * length;
}

export function windowEnd(window: WindowName, now: number): number {
  return windowStart(window, now) + WINDOW_SECONDS[window] * 1000;
}

/** A quota with its current window's start and what is already counted in it. */
export interface Usage extends Quota {
  start: number;
  used: number;
}

/** Each quota's current window; a counter from an earlier window reads as zero, so fixed windows need no decay. */
export function usage(quotas: readonly Quota[], counters: ReadonlyMap<WindowName, Counter>, now: number): Usage[] {
  return quotas.map((quota) => {
    const start = windowStart(quota.window, now);
    const stored = counters.get(quota.window);
    return { ...quota, start, used: stored?.start === start ? stored.count : 0 };
  });
}

/** Requests every window still has room for. */
export function room(current: readonly Usage[]): number {
  return Math.max(0, Math.min(...current.map((w) => w.limit - w.used)));
}

/** What a response reports about each window once `counted` more are counted. */
export function windowStates(current: readonly Usage[], now: number, counted = 0): WindowState[] {
  return current.map((w): WindowState => {
    const end = windowEnd(w.window, now);
    return {
      window: w.window,
      limit: w.limit,
      // A plan downgrade can leave more used than the new limit.
      remaining: Math.max(0, w.limit - w.used - counted),
      resetAt: end / 1000,
      resetIn: Math.ceil((end - now) / 1000),
    };
  });
}

/**
 * Admits a request when every window has room and then counts it in all of them. A refused request counts nowhere,
 * so one refused by the minute window leaves the daily quota alone. With `count` false it only reports.
 */
export function tally(quotas: readonly Quota[], counters: ReadonlyMap<WindowName, Counter>, now: number, count = true): Tally {
  const current = usage(quotas, counters, now);
  const allowed = current.every((w) => w.used < w.limit);
  const counted = allowed && count ? 1 : 0;
  const writes = counted ? current.map((w) => ({ window: w.window, start: w.start, count: w.used + 1 })) : [];
  return { allowed, windows: windowStates(current, now, counted), writes };
}
