import { type Clock, realTime } from '../isolate/clock';

/**
 * The limiter's time (and its waits: src/isolate/clock.ts). Production reads the isolate's clock and lets each
 * Durable Object read its own; tests inject a clock set at the start of a minute, so that no burst straddles a
 * window's end, and the objects are then told that time (`LeaseRequest.now`, `AdmitRequest.now`), so both sides
 * count in the same windows.
 */
export interface LimiterClock extends Clock {
  /** The time to tell a Durable Object: undefined for the real clock, where the object's own decides. */
  told(now: number): number | undefined;
}

export const realClock: LimiterClock = { ...realTime, told: () => undefined };

export const injectedClock = (now: () => number, sleep: Clock['sleep'] = realTime.sleep): LimiterClock => ({
  now,
  sleep,
  told: (at) => at,
});
