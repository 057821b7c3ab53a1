import type { WindowName } from './budgets';
import { type Counter, windowEnd, windowStart } from './windows';

// The counters part of a store's (or an address's) object (src/access/object.ts): one row per window, read and
// written synchronously within one call, so that no two calls interleave between reading and writing.

export const COUNTERS_SCHEMA =
  'CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, start INTEGER NOT NULL, count INTEGER NOT NULL);';

export type CounterWrite = Counter & { window: WindowName };

/** A whole number in 0…max: what the object accepts of a count a caller sent. */
export const whole = (n: unknown, max: number) => (typeof n === 'number' && n > 0 ? Math.min(Math.floor(n), max) : 0);

export function readCounters(sql: SqlStorage): Map<WindowName, Counter> {
  const counters = new Map<WindowName, Counter>();
  for (const row of sql.exec<{ name: WindowName; start: number; count: number }>('SELECT name, start, count FROM counters')) {
    counters.set(row.name, { start: row.start, count: row.count });
  }
  return counters;
}

/**
 * Stores the counters; when the longest window starts anew, schedules the object's cleanup alarm at its end at the
 * latest. The rows are written before the first await, so the call stays atomic.
 */
export async function writeCounters(
  sql: SqlStorage,
  storage: DurableObjectStorage,
  before: ReadonlyMap<WindowName, Counter>,
  writes: readonly CounterWrite[],
  now: number,
): Promise<void> {
  for (const w of writes) {
    sql.exec(
      'INSERT INTO counters (name, start, count) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET start = excluded.start, count = excluded.count',
      w.window,
      w.start,
      w.count,
    );
  }
  const longest = writes.at(-1);
  if (longest && before.get(longest.window)?.start !== longest.start) {
    // Never later than an alarm already set: the object's alarm also runs a store's move (src/shards/mover.ts).
    const end = windowEnd(longest.window, now);
    const set = await storage.getAlarm();
    if (set === null || set > end) await storage.setAlarm(end);
  }
}

/** Takes handed-back tokens off every counter still in the window they were reserved in; true when any was. */
export function releaseTokens(
  counters: Map<WindowName, Counter>,
  release: { start: number; count: number } | undefined,
): boolean {
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

/** Deletes the counters of ended windows; answers the end of the latest window still running, or 0. */
export function sweepCounters(sql: SqlStorage, now: number): number {
  let latestEnd = 0;
  for (const row of sql.exec<{ name: WindowName; start: number }>('SELECT name, start FROM counters').toArray()) {
    const end = windowEnd(row.name, row.start);
    if (end <= now) sql.exec('DELETE FROM counters WHERE name = ?', row.name);
    else latestEnd = Math.max(latestEnd, end);
  }
  return latestEnd;
}
