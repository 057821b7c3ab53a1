import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addressObjectName, storeAccess } from '../../src/access/names';
import { LEASE_TTL_MS, type LeaseRequest } from '../../src/limits';
import { windowStart } from '../../src/limits/windows';
import { uniqueId } from '../helpers';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** 00:10 UTC the day after tomorrow: later than the real clock, so no cleanup alarm fires during a test. */
const T = windowStart('day', Date.now()) + 2 * DAY + 10 * MINUTE;

const remaining = (a: { windows: { window: string; remaining: number }[] }) =>
  Object.fromEntries(a.windows.map((w) => [w.window, w.remaining]));

describe('StoreAccess budget: windows (injected clock)', () => {
  it('starts a fresh minute window and keeps counting the day', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    const first = await Promise.all(Array.from({ length: 65 }, () => gate.admit({ tier: 'free', now: T })));
    expect(first.filter((a) => a.allowed)).toHaveLength(60);
    const refused = await gate.admit({ tier: 'free', now: T + 59_999 });
    expect(refused.allowed).toBe(false);
    expect(remaining(refused)).toEqual({ minute: 0, day: 940 });

    const next = await gate.admit({ tier: 'free', now: T + MINUTE });
    expect(next.allowed).toBe(true);
    // The six refused requests used none of the daily quota.
    expect(remaining(next)).toEqual({ minute: 59, day: 939 });
    expect(next.windows[0]?.resetAt).toBe((T + 2 * MINUTE) / 1000);
  });

  it('refuses on the daily quota until the UTC day ends, reporting the day window', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    await gate.admit({ tier: 'free', now: T });
    await runInDurableObject(gate, (_, state) => {
      state.storage.sql.exec("UPDATE counters SET count = 999 WHERE name = 'day'");
    });
    const last = await gate.admit({ tier: 'free', now: T + MINUTE });
    expect(last.allowed).toBe(true);
    expect(remaining(last)).toEqual({ minute: 59, day: 0 });

    const now = T + 20 * MINUTE;
    const refused = await gate.admit({ tier: 'free', now });
    expect(refused.allowed).toBe(false);
    expect(remaining(refused)).toEqual({ minute: 60, day: 0 });
    const dayEnd = windowStart('day', T) + DAY;
    expect(refused.windows.find((w) => w.window === 'day')).toMatchObject({
      resetAt: dayEnd / 1000,
      resetIn: (dayEnd - now) / 1000,
    });
    expect((await gate.admit({ tier: 'free', now: dayEnd })).allowed).toBe(true);
  });
});

describe('StoreAccess budget: plan', () => {
  it('uses the hint until a plan is stored, then the stored plan from the next request on', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    expect((await gate.admit({ tier: 'pro', now: T })).windows[0]?.limit).toBe(300);
    await gate.setPlan('free');
    const free = await gate.admit({ tier: 'pro', now: T });
    expect(free.windows[0]).toMatchObject({ limit: 60, remaining: 58 });
    await gate.setPlan('enterprise');
    expect(await gate.admit({ tier: 'free', now: T })).toMatchObject({ allowed: true, windows: [] });
  });

  it('rejects an unknown plan', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    // Called inside the object: an error crossing RPC is also reported as unhandled in the test pool.
    const errors = await runInDurableObject(gate, async (instance) => {
      const messages: string[] = [];
      for (const attempt of [
        () => instance.setPlan('platinum' as 'pro'),
        () => instance.admit({ tier: 'constructor' as 'pro', now: T }),
      ]) {
        try {
          await attempt();
        } catch (err) {
          messages.push(String(err));
        }
      }
      return messages;
    });
    expect(errors).toEqual(["TypeError: Unknown plan 'platinum'", "TypeError: Unknown plan 'constructor'"]);
  });
});

describe('StoreAccess cleanup alarm', () => {
  const tables = (state: DurableObjectState) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'")
      .toArray()
      .map((r) => r.name);

  it('deletes an address object whole once its windows have ended', async () => {
    const gate = env.ACCESS.getByName(addressObjectName(uniqueId('198.51.100.7')));
    await gate.admit({ tier: 'anonymous', now: Date.now() - DAY });
    await runDurableObjectAlarm(gate);
    expect(await runInDurableObject(gate, (_, state) => tables(state))).toEqual([]);
    // The emptied object still works and counts afresh.
    const again = await gate.admit({ tier: 'anonymous' });
    expect(again.windows[0]?.remaining).toBe(119);
  });

  it('keeps live windows, the plan and revocations of a store, and schedules itself again', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    await gate.setPlan('free');
    await gate.revokeKey('gone');
    await gate.admit({ tier: 'free' });
    expect(await runDurableObjectAlarm(gate)).toBe(true);
    const after = await runInDurableObject(gate, async (_, state) => ({
      counters: state.storage.sql.exec('SELECT name FROM counters').toArray().length,
      alarm: await state.storage.getAlarm(),
    }));
    expect(after.counters).toBe(2);
    expect(after.alarm).toBe(windowStart('day', Date.now()) + DAY);
  });

  it('drops ended windows of a store but keeps its plan and revocations', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    await gate.setPlan('pro');
    await gate.revokeKey('gone');
    await gate.admit({ tier: 'free', now: Date.now() - DAY });
    await runDurableObjectAlarm(gate);
    const rows = await runInDurableObject(gate, (_, state) => ({
      counters: state.storage.sql.exec('SELECT name FROM counters').toArray().length,
      settings: state.storage.sql.exec('SELECT value FROM settings').toArray(),
      revoked: state.storage.sql.exec('SELECT key_id FROM revoked').toArray(),
    }));
    expect(rows).toEqual({ counters: 0, settings: [{ value: 'pro' }], revoked: [{ key_id: 'gone' }] });
  });
});

describe('StoreAccess budget: leases (injected clock)', () => {
  const ask = (holder: string, need: number, extra: number, more: Partial<LeaseRequest> = {}): LeaseRequest => ({
    tier: 'free',
    holder,
    need,
    extra,
    now: T,
    ...more,
  });

  it('reserves the waiting requests first, then a fair share of what is left among recent holders', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    const first = await gate.lease(ask('a', 10, 100));
    // Alone, a holder may reserve everything.
    expect(first).toMatchObject({ unlimited: false, granted: 60, start: windowStart('minute', T), ttlMs: LEASE_TTL_MS });
    expect(remaining(first)).toEqual({ minute: 0, day: 940 });
    const none = await gate.lease(ask('b', 5, 5));
    expect(none.granted).toBe(0);

    const back = await gate.lease(ask('a', 0, 0, { release: { start: T, count: 40 } }));
    expect(remaining(back)).toEqual({ minute: 40, day: 980 });
    // Two holders active: b gets its 4 waiting requests and half of the 36 left.
    expect((await gate.lease(ask('b', 4, 100))).granted).toBe(4 + 18);
  });

  it('takes back tokens of an ended minute from the day only', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    await gate.lease(ask('a', 10, 0));
    const next = await gate.lease(ask('a', 1, 0, { now: T + MINUTE, release: { start: windowStart('minute', T), count: 4 } }));
    expect(remaining(next)).toEqual({ minute: 59, day: 1000 - 6 - 1 });
  });

  it('grants no tokens when unlimited', async () => {
    const gate = storeAccess(env, uniqueId('store'));
    await gate.setPlan('enterprise');
    expect(await gate.lease(ask('a', 5, 5))).toMatchObject({ unlimited: true, granted: 0, windows: [] });
  });
});
