import type { Plan } from '../api/permissions';
import { BUDGETS, type Tier } from './budgets';
import { readCounters, releaseTokens, sweepCounters, whole, writeCounters } from './stored-counters';
import { effectiveTier, storedPlan, storePlan } from './stored-plan';
import { room, tally, usage, type WindowState, windowEnd, windowStart, windowStates } from './windows';

export interface AdmitRequest {
  /** The plan from the key's KV record, or 'anonymous'; a plan stored with `setPlan` takes precedence. */
  tier: Tier;
  /** Unix ms; callers leave it out (the object's clock decides), tests inject it. */
  now?: number;
}

export interface Admission {
  /** False when a window is exhausted; the request was then not counted anywhere. */
  allowed: boolean;
  /** Every window of the effective budget after this request; empty when unlimited. */
  windows: WindowState[];
}

export interface LeaseRequest {
  /** As in `AdmitRequest`: the KV record's plan or 'anonymous'; a stored plan takes precedence. */
  tier: Tier;
  /** The isolate asking; what is left is shared among the holders seen in the last seconds. */
  holder: string;
  /** Requests waiting for a token right now: granted first, as far as every window has room. */
  need: number;
  /** Tokens wanted beyond `need`, to admit locally until the next renewal; capped at a fair share of what is left. */
  extra: number;
  /** Unused tokens handed back, with the start of the minute window they were reserved in. */
  release?: { start: number; count: number } | undefined;
  /** Unix ms; tests inject it. */
  now?: number;
}

export interface LeaseGrant {
  /** An unlimited plan: admit without tokens until the lease expires. */
  unlimited: boolean;
  /** Tokens reserved for the holder: counted in every window now, handed back with `release` if unused. */
  granted: number;
  /** The minute window (Unix ms) the tokens belong to; they are void once it ends. */
  start: number;
  end: number;
  /** Every window after the grant; `remaining` is what no holder has reserved yet. */
  windows: WindowState[];
  /** How long the holder may admit from this lease, counted from when it sent the request. */
  ttlMs: number;
}

/**
 * A lease's lifetime. Every isolate serving a store renews at least this often, so a plan change reaches all of
 * them within it.
 */
export const LEASE_TTL_MS = 1_000;
/** Holders that leased this recently share what is left. */
const ACTIVE_HOLDER_MS = 2_000;
const MAX_HOLDERS = 1_000;

/**
 * The budget part of a store's (or an address's) object (src/access/object.ts): its plan and its counters, and
 * which isolates hold leases lately. Every check-and-increment runs synchronously on SQLite, with no await between
 * reading and writing, so concurrent requests are admitted exactly up to the budget.
 */
export class StoreBudget {
  /** Holders that leased lately, with when: in memory, since it only shapes how much one holder may reserve. */
  readonly #holders = new Map<string, number>();

  constructor(
    private readonly sql: () => SqlStorage,
    private readonly storage: DurableObjectStorage,
  ) {}

  async admit(request: AdmitRequest): Promise<Admission> {
    const now = request.now ?? Date.now();
    const sql = this.sql();
    const counters = readCounters(sql);
    const result = tally(BUDGETS[effectiveTier(sql, request.tier)], counters, now);
    await writeCounters(sql, this.storage, counters, result.writes, now);
    return { allowed: result.allowed, windows: result.windows };
  }

  /** Reports the windows as `admit` would, without counting anything. */
  check(request: AdmitRequest): Admission {
    const now = request.now ?? Date.now();
    const sql = this.sql();
    const result = tally(BUDGETS[effectiveTier(sql, request.tier)], readCounters(sql), now, false);
    return { allowed: result.allowed, windows: result.windows };
  }

  /**
   * Reserves tokens for an isolate to admit locally (see docs/rate-limits.md, "Leases"). Reservations are counted in
   * every window like admitted requests, synchronously as in `admit`, so all holders together never admit more than
   * the budget; unused tokens come back through `release`.
   */
  async lease(request: LeaseRequest): Promise<LeaseGrant> {
    const now = request.now ?? Date.now();
    const sql = this.sql();
    const counters = readCounters(sql);
    const released = releaseTokens(counters, request.release);
    const current = usage(BUDGETS[effectiveTier(sql, request.tier)], counters, now);
    const unlimited = current.length === 0;
    let granted = 0;
    if (!unlimited) {
      const left = room(current);
      const need = whole(request.need, left);
      const share = Math.floor((left - need) / this.#activeHolders(request.holder, now));
      granted = need + Math.min(whole(request.extra, left), share);
    }
    // Handed-back tokens are written even when no quota applies any more (a store that just became unlimited).
    const writes = released ? [...counters].map(([window, c]) => ({ window, ...c })) : [];
    if (granted > 0) writes.push(...current.map((w) => ({ window: w.window, start: w.start, count: w.used + granted })));
    await writeCounters(sql, this.storage, counters, writes, now);
    return {
      unlimited,
      granted,
      start: windowStart('minute', now),
      end: windowEnd('minute', now),
      windows: windowStates(current, now, granted),
      ttlMs: LEASE_TTL_MS,
    };
  }

  /** Stores the store's plan; the next call uses it. */
  setPlan(plan: Plan): void {
    storePlan(this.sql(), plan);
  }

  /** Drops counters of ended windows; answers the end of the latest window still running, or 0. */
  sweep(now: number): number {
    return sweepCounters(this.sql(), now);
  }

  /** Whether the object keeps anything of the budget's beyond its counters (a stored plan). */
  holdsSettings(): boolean {
    return storedPlan(this.sql()) !== null;
  }

  /** How many holders share what is left: this one and those that leased in the last `ACTIVE_HOLDER_MS`. */
  #activeHolders(holder: string, now: number): number {
    for (const [id, seen] of this.#holders) if (now - seen > ACTIVE_HOLDER_MS) this.#holders.delete(id);
    this.#holders.delete(holder);
    if (this.#holders.size < MAX_HOLDERS) this.#holders.set(holder, now);
    return this.#holders.size + (this.#holders.has(holder) ? 0 : 1);
  }
}
