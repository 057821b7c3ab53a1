/** How often a key's use is reported, so D1 gets at most one write per key per minute. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The last-use part of a store's object (src/access/object.ts): when each key's use was last reported for a D1
 * write. In memory, because an evicted object forgetting it costs at most one extra write per key.
 */
export class LastUse {
  readonly #reported = new Map<string, number>();

  /** Whether the key's use is due a write now (never reported, or a minute ago or more); if so, notes it. */
  due(keyId: string, now: number): boolean {
    const last = this.#reported.get(keyId);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return false;
    this.#reported.set(keyId, now);
    return true;
  }

  forget(keyId: string): void {
    this.#reported.delete(keyId);
  }
}
