import { BUDGETS, type Tier, type WindowName } from './budgets';
import type { Admission } from './store-budget';
import { type Counter, tally } from './windows';

/**
 * Stand-in for the Durable Object while it cannot be reached: a per-isolate count of the per-minute budget only.
 * It bounds what one isolate admits during an outage; it neither sees other isolates nor knows plan changes, and a
 * daily count per isolate would mean nothing.
 */
export class LocalLimiter {
  readonly #counters = new Map<string, Counter>();

  /** `maxSubjects`: budgets tracked at once; past it the least recently counted one is forgotten, bounding memory. */
  constructor(private readonly maxSubjects = 10_000) {}

  /** Counts a request when there is room; with `count` false it only reports. */
  admit(subject: string, tier: Tier, now = Date.now(), count = true): Admission {
    const quotas = BUDGETS[tier].filter((q) => q.window === 'minute');
    const stored = this.#counters.get(subject);
    const counters = new Map<WindowName, Counter>(stored ? [['minute', stored]] : []);
    const result = tally(quotas, counters, now, count);
    const write = result.writes[0];
    if (write) {
      this.#counters.delete(subject);
      if (this.#counters.size >= this.maxSubjects) {
        const oldest = this.#counters.keys().next();
        if (!oldest.done) this.#counters.delete(oldest.value);
      }
      this.#counters.set(subject, { start: write.start, count: write.count });
    }
    return { allowed: result.allowed, windows: result.windows };
  }
}
