import { DurableObject } from 'cloudflare:workers';
import { type Plan, PLANS } from '../keys/permissions';
import { BUDGETS, isTier, type Tier, type WindowName } from './budgets';
import { type Counter, tally, type WindowState, windowEnd } from './windows';

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

/** How often a key's use is reported, so D1 gets at most one write per key per minute. */
const TOUCH_INTERVAL_MS = 60_000;

/** Object names are namespaced so that no store id can ever share an object with a client address. */
export const storeObjectName = (storeId: string) => `store:${storeId}`;
export const addressObjectName = (address: string) => `addr:${address}`;

/** The store's object, for the admin API (`setPlan`, `revokeKey`). */
export function storeGate(env: Env, storeId: string): DurableObjectStub<StoreGate> {
  return env.GATE.getByName(storeObjectName(storeId));
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

  async admit(request: AdmitRequest): Promise<Admission> {
    const now = request.now ?? Date.now();
    const sql = this.#sql();
    const tier = this.#storedPlan(sql) ?? request.tier;
    if (!isTier(tier)) throw new TypeError(`Unknown plan '${String(tier)}'`);
    const counters = new Map<WindowName, Counter>();
    for (const row of sql.exec<{ name: WindowName; start: number; count: number }>('SELECT name, start, count FROM counters')) {
      counters.set(row.name, { start: row.start, count: row.count });
    }
    const keyId = request.keyId;
    if (keyId !== undefined && sql.exec('SELECT 1 FROM revoked WHERE key_id = ?', keyId).toArray().length > 0) {
      return { allowed: true, revoked: true, touch: false, windows: tally(BUDGETS[tier], counters, now, false).windows };
    }
    const result = tally(BUDGETS[tier], counters, now);
    for (const w of result.writes) {
      sql.exec(
        'INSERT INTO counters (name, start, count) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET start = excluded.start, count = excluded.count',
        w.window,
        w.start,
        w.count,
      );
    }
    const touch = keyId !== undefined && this.#touch(keyId, now);
    // The longest window starting anew is the moment to schedule the cleanup of this one.
    const longest = result.writes.at(-1);
    if (longest && counters.get(longest.window)?.start !== longest.start) {
      await this.ctx.storage.setAlarm(windowEnd(longest.window, now));
    }
    return { allowed: result.allowed, revoked: false, touch, windows: result.windows };
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
