import { DurableObject } from 'cloudflare:workers';
import { PLANS, type Plan } from '../api/permissions';
import { BUDGETS, isTier, type Tier, type WindowName } from './budgets';
import { withDevLatency } from './dev-latency';
import { type Counter, room, tally, usage, type WindowState, windowEnd, windowStart, windowStates } from './windows';

export interface AdmitRequest {
  /** The plan from the key's KV record, or 'anonymous'; a plan stored with `setPlan` takes precedence. */
  tier: Tier;
  /** The API key making the request; absent for anonymous requests. */
  keyId?: string;
  /** Unix ms; callers leave it out (the object's clock decides), tests inject it. */
  now?: number;
}

export interface Admission {
  /** False when a window is exhausted; the request was then not counted anywhere. */
  allowed: boolean;
  /** The key was revoked through `revokeKey`; the request was not counted. */
  revoked: boolean;
  /** The key's last use was last reported at least a minute ago (or never): the caller should record it now. */
  touch: boolean;
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
  /** The latest revocation the holder knows of (0 at first). */
  epoch: number;
  /** Keys the holder admitted since its last call, for last-use reporting (at most `MAX_LEASE_KEYS`). */
  keys: string[];
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
  /** The store's latest revocation, and the keys revoked after the holder's `epoch` (within `REVOCATION_HORIZON_MS`). */
  epoch: number;
  revoked: string[];
  /** Keys whose last use should be written now. */
  touch: string[];
  /** How long the holder may admit from this lease, counted from when it sent the request. */
  ttlMs: number;
}

/**
 * A lease's lifetime. Every isolate serving a store renews at least this often, so a revocation or a plan change
 * reaches all of them within it.
 */
export const LEASE_TTL_MS = 1_000;
/** Holders that leased this recently share what is left. */
const ACTIVE_HOLDER_MS = 2_000;
const MAX_HOLDERS = 1_000;
export const MAX_LEASE_KEYS = 100;
/**
 * Revocations older than this are not sent to holders: the key's KV record was deleted at revocation and expires
 * from every edge cache within about a minute, after which the key no longer authenticates at all.
 */
export const REVOCATION_HORIZON_MS = 60 * 60_000;

const whole = (n: unknown, max: number) => (typeof n === 'number' && n > 0 ? Math.min(Math.floor(n), max) : 0);

/** How often a key's use is reported, so D1 gets at most one write per key per minute. */
const TOUCH_INTERVAL_MS = 60_000;

/** Object names are namespaced so that no store id can ever share an object with a client address. */
export const storeObjectName = (storeId: string) => `store:${storeId}`;
export const addressObjectName = (address: string) => `addr:${address}`;
export const signInObjectName = (address: string) => `sign-in:${address}`;

/** The store's object (behind the dev latency knob, when set). */
export function storeGate(env: Env, storeId: string): DurableObjectStub<StoreGate> {
  return withDevLatency(env, env.GATE.getByName(storeObjectName(storeId)));
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, start INTEGER NOT NULL, count INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS revoked (key_id TEXT PRIMARY KEY, revoked_at INTEGER NOT NULL);
`;

/**
 * One object per store (and one per anonymous client address): the store's plan, its request counters and its
 * revoked keys. Every check-and-increment runs synchronously on SQLite, with no await between reading and writing,
 * so concurrent requests are admitted exactly up to the budget.
 */
export class StoreGate extends DurableObject<Env> {
  /** Keys whose use was reported, with when; in memory because losing it only costs one extra D1 write. */
  readonly #touched = new Map<string, number>();
  #schemaReady = false;

  #sql(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (!this.#schemaReady) {
      sql.exec(SCHEMA);
      this.#schemaReady = true;
    }
    return sql;
  }

  /** Holders that leased lately, with when: in memory, since it only shapes how much one holder may reserve. */
  readonly #holders = new Map<string, number>();

  async admit(request: AdmitRequest): Promise<Admission> {
    const now = request.now ?? Date.now();
    const sql = this.#sql();
    const tier = this.#tier(sql, request.tier);
    const counters = this.#counters(sql);
    const keyId = request.keyId;
    if (keyId !== undefined && sql.exec('SELECT 1 FROM revoked WHERE key_id = ?', keyId).toArray().length > 0) {
      return { allowed: true, revoked: true, touch: false, windows: tally(BUDGETS[tier], counters, now, false).windows };
    }
    const result = tally(BUDGETS[tier], counters, now);
    const touch = keyId !== undefined && this.#touch(keyId, now);
    await this.#write(sql, counters, result.writes, now);
    return { allowed: result.allowed, revoked: false, touch, windows: result.windows };
  }

  /** Reports the windows as `admit` would, without counting anything. */
  check(request: AdmitRequest): Admission {
    const now = request.now ?? Date.now();
    const sql = this.#sql();
    const result = tally(BUDGETS[this.#tier(sql, request.tier)], this.#counters(sql), now, false);
    return { allowed: result.allowed, revoked: false, touch: false, windows: result.windows };
  }

  /**
   * Reserves tokens for an isolate to admit locally (see docs/rate-limits.md, "Leases"). Reservations are counted in
   * every window like admitted requests, synchronously as in `admit`, so all holders together never admit more than
   * the budget; unused tokens come back through `release`. The answer also carries the revocations the holder has
   * not seen and the keys whose last use is due.
   */
  async lease(request: LeaseRequest): Promise<LeaseGrant> {
    const now = request.now ?? Date.now();
    const sql = this.#sql();
    const tier = this.#tier(sql, request.tier);
    const counters = this.#counters(sql);
    const released = this.#release(counters, request.release);
    const current = usage(BUDGETS[tier], counters, now);
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
    const touch = request.keys.slice(0, MAX_LEASE_KEYS).filter((keyId) => this.#touch(keyId, now));
    const epoch = sql.exec<{ epoch: number | null }>('SELECT max(rowid) AS epoch FROM revoked').one().epoch ?? 0;
    const revoked =
      epoch > request.epoch
        ? sql
            .exec<{ key_id: string }>(
              'SELECT key_id FROM revoked WHERE rowid > ? AND revoked_at > ?',
              request.epoch,
              Date.now() - REVOCATION_HORIZON_MS,
            )
            .toArray()
            .map((r) => r.key_id)
        : [];
    await this.#write(sql, counters, writes, now);
    const start = windowStart('minute', now);
    return {
      unlimited,
      granted,
      start,
      end: windowEnd('minute', now),
      windows: windowStates(current, now, granted),
      epoch,
      revoked,
      touch,
      ttlMs: LEASE_TTL_MS,
    };
  }

  /** Stores the store's plan; the next `admit` uses it. */
  setPlan(plan: Plan): void {
    if (!PLANS.includes(plan)) throw new TypeError(`Unknown plan '${String(plan)}'`);
    this.#sql().exec(
      "INSERT INTO settings (name, value) VALUES ('plan', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      plan,
    );
  }

  /** Refuses the key from the next request on, everywhere, however stale a KV copy of its record is. */
  revokeKey(keyId: string): void {
    this.#sql().exec('INSERT OR IGNORE INTO revoked (key_id, revoked_at) VALUES (?, ?)', keyId, Date.now());
    this.#touched.delete(keyId);
  }

  /** Drops counters of ended windows; an object left with no plan and no revocations (an address) is deleted whole. */
  override async alarm(): Promise<void> {
    const sql = this.#sql();
    const now = Date.now();
    let latestEnd = 0;
    for (const row of sql.exec<{ name: WindowName; start: number }>('SELECT name, start FROM counters').toArray()) {
      const end = windowEnd(row.name, row.start);
      if (end <= now) sql.exec('DELETE FROM counters WHERE name = ?', row.name);
      else latestEnd = Math.max(latestEnd, end);
    }
    if (latestEnd > 0) {
      await this.ctx.storage.setAlarm(latestEnd);
      return;
    }
    const empty = (table: string) => sql.exec(`SELECT 1 FROM ${table} LIMIT 1`).toArray().length === 0;
    if (empty('settings') && empty('revoked')) {
      await this.ctx.storage.deleteAll();
      this.#schemaReady = false;
    }
  }

  #tier(sql: SqlStorage, hint: Tier): Tier {
    const tier = this.#storedPlan(sql) ?? hint;
    if (!isTier(tier)) throw new TypeError(`Unknown plan '${String(tier)}'`);
    return tier;
  }

  #counters(sql: SqlStorage): Map<WindowName, Counter> {
    const counters = new Map<WindowName, Counter>();
    for (const row of sql.exec<{ name: WindowName; start: number; count: number }>('SELECT name, start, count FROM counters')) {
      counters.set(row.name, { start: row.start, count: row.count });
    }
    return counters;
  }

  /** Takes handed-back tokens off every counter still in the window they were reserved in; true when any was. */
  #release(counters: Map<WindowName, Counter>, release: LeaseRequest['release']): boolean {
    const count = whole(release?.count, Number.MAX_SAFE_INTEGER);
    if (!release || count === 0) return false;
    let changed = false;
    for (const [window, counter] of counters) {
      if (counter.start !== windowStart(window, release.start)) continue;
      counters.set(window, { start: counter.start, count: Math.max(0, counter.count - count) });
      changed = true;
    }
    return changed;
  }

  async #write(
    sql: SqlStorage,
    before: ReadonlyMap<WindowName, Counter>,
    writes: Array<Counter & { window: WindowName }>,
    now: number,
  ) {
    for (const w of writes) {
      sql.exec(
        'INSERT INTO counters (name, start, count) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET start = excluded.start, count = excluded.count',
        w.window,
        w.start,
        w.count,
      );
    }
    // The longest window starting anew is the moment to schedule the cleanup of this one.
    const longest = writes.at(-1);
    if (longest && before.get(longest.window)?.start !== longest.start) {
      await this.ctx.storage.setAlarm(windowEnd(longest.window, now));
    }
  }

  /** How many holders share what is left: this one and those that leased in the last `ACTIVE_HOLDER_MS`. */
  #activeHolders(holder: string, now: number): number {
    for (const [id, seen] of this.#holders) if (now - seen > ACTIVE_HOLDER_MS) this.#holders.delete(id);
    this.#holders.delete(holder);
    if (this.#holders.size < MAX_HOLDERS) this.#holders.set(holder, now);
    return this.#holders.size + (this.#holders.has(holder) ? 0 : 1);
  }

  #storedPlan(sql: SqlStorage): Plan | null {
    const row = sql.exec<{ value: string }>("SELECT value FROM settings WHERE name = 'plan'").toArray()[0];
    return row ? (row.value as Plan) : null;
  }

  #touch(keyId: string, now: number): boolean {
    const last = this.#touched.get(keyId);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return false;
    this.#touched.set(keyId, now);
    return true;
  }
}
