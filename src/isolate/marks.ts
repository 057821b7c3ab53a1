/**
 * Marks of work in progress in an isolate (calls to a Durable Object, requests waiting for their answer), in the
 * order they began. A mark is plain data, never a promise: requests read it and wait with their own timers
 * (docs/architecture.md, "What an isolate may share across requests"). A request that is cancelled never removes
 * its mark, so marks older than their lifetime no longer count.
 */
export class Marks {
  readonly #since = new Map<number, number>();
  #next = 0;

  add(now: number): number {
    this.#next += 1;
    this.#since.set(this.#next, now);
    return this.#next;
  }

  delete(id: number): void {
    this.#since.delete(id);
  }

  /** Marks younger than `lifetimeMs`; the older ones are dropped, oldest first, so a count costs what it drops. */
  live(now: number, lifetimeMs: number): number {
    for (const [id, since] of this.#since) {
      if (now - since < lifetimeMs) break;
      this.#since.delete(id);
    }
    return this.#since.size;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
