import { sleep } from './marks';

/**
 * Time for the code that waits for some of it to pass (a lease's hand-back, a revocation view's last-use report):
 * the real clock and timers in production; tests inject a clock they move forward instead of waiting
 * (test/limits/helpers.ts). Waits for another request's I/O to land keep real timers: that is not time passing.
 */
export interface Clock {
  now(): number;
  /** Resolves once `now()` has moved `ms` on. */
  sleep(ms: number): Promise<unknown>;
}

export const realTime: Clock = { now: () => Date.now(), sleep };
