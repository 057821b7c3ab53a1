import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storeAccess } from '../../src/access/names';
import { REVOCATION_TTL_MS } from '../../src/keys/revocations';
import { realClock } from '../../src/limits';
import { freshMinute, type Isolate, isolate, issueKey, rateHeaders, v1Request } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function statuses(isolates: Isolate[], n: number, request: () => Request): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => isolates[i % isolates.length]!.send(request())));
  return responses.map((r) => r.status);
}

const count = (all: number[], status: number) => all.filter((s) => s === status).length;

describe('leases across several isolates admit at most the budget, and nearly all of it once settled', () => {
  it.each([
    ['free', 60],
    ['pro', 300],
  ] as const)('3L concurrent requests on %s (L = %i) through four isolates', { timeout: 60_000 }, async (plan, limit) => {
    const clock = freshMinute(realClock);
    const { key } = await issueKey({ plan });
    const isolates = [isolate(clock), isolate(clock), isolate(clock), isolate(clock)];
    const burst = await statuses(isolates, 3 * limit, () => v1Request(key));
    expect(count(burst, 200)).toBeLessThanOrEqual(limit);
    await Promise.all(isolates.map((i) => i.settle()));
    const after = await statuses(isolates, limit, () => v1Request(key));
    const admitted = count(burst, 200) + count(after, 200);
    expect(admitted).toBeLessThanOrEqual(limit);
    expect(admitted).toBeGreaterThanOrEqual(Math.ceil(0.97 * limit));
    expect(count(burst, 429) + count(after, 429)).toBe(4 * limit - admitted);
  });

  it.each([
    ['free', 60],
    ['pro', 300],
  ] as const)(
    '3L requests on %s (L = %i) spread over time and isolates, with tokens reserved ahead of use',
    { timeout: 60_000 },
    async (plan, limit) => {
      const clock = freshMinute(realClock);
      const { key } = await issueKey({ plan });
      const isolates = [isolate(clock), isolate(clock), isolate(clock)];
      const all: number[] = [];
      for (let round = 0; round < 12; round++) {
        all.push(...(await statuses(isolates, limit / 4, () => v1Request(key))));
        clock.advance(100);
      }
      expect(count(all, 200)).toBeLessThanOrEqual(limit);
      await Promise.all(isolates.map((i) => i.settle()));
      all.push(...(await statuses(isolates, limit, () => v1Request(key))));
      expect(count(all, 200)).toBeLessThanOrEqual(limit);
      expect(count(all, 200)).toBeGreaterThanOrEqual(Math.ceil(0.97 * limit));
    },
  );

  it('holds the daily window too: reservations never exceed what is left of the day', async () => {
    const clock = freshMinute(realClock);
    const { key, storeId } = await issueKey({ plan: 'pro' });
    await storeAccess(env, storeId).admit({ tier: 'pro', now: clock.now() });
    const { runInDurableObject } = await import('cloudflare:test');
    await runInDurableObject(storeAccess(env, storeId), (_, state) => {
      state.storage.sql.exec("UPDATE counters SET count = 9980 WHERE name = 'day'");
    });
    const isolates = [isolate(clock), isolate(clock), isolate(clock)];
    const burst = await statuses(isolates, 90, () => v1Request(key));
    await Promise.all(isolates.map((i) => i.settle()));
    const after = await statuses(isolates, 30, () => v1Request(key));
    expect(count(burst, 200) + count(after, 200)).toBe(20);
    const last = await isolates[0]!.send(v1Request(key));
    expect(last.status).toBe(429);
    expect(rateHeaders(last)).toMatchObject({ limit: '10000', remaining: '0' });
  });
});

describe('handing back', () => {
  it('returns the unused tokens of a quiet isolate, so the object counts only what was admitted', {
    timeout: 30_000,
  }, async () => {
    const clock = freshMinute(realClock);
    const { key, storeId } = await issueKey({ plan: 'pro' });
    const busy = isolate(clock);
    // A steady rate makes the isolate reserve ahead of use.
    for (let i = 0; i < 20; i++) {
      expect((await busy.send(v1Request(key))).status).toBe(200);
      await sleep(10);
    }
    const reserved = (await storeAccess(env, storeId).check({ tier: 'pro', now: clock.now() })).windows.map((w) => w.remaining);
    expect(reserved[0]).toBeLessThan(300 - 20);
    await busy.settle();
    const settled = (await storeAccess(env, storeId).check({ tier: 'pro', now: clock.now() })).windows.map((w) => w.remaining);
    expect(settled).toEqual([300 - 20, 10_000 - 20]);
  });
});

describe('X-RateLimit-Remaining with leases', () => {
  it('reads low by at most the tokens other isolates hold, and exact once they are handed back', {
    timeout: 30_000,
  }, async () => {
    const clock = freshMinute(realClock);
    const { key, storeId } = await issueKey({ plan: 'pro' });
    const a = isolate(clock);
    const b = isolate(clock);
    for (let i = 0; i < 20; i++) {
      await a.send(v1Request(key));
      await sleep(10);
    }
    const unreserved = Number((await storeAccess(env, storeId).check({ tier: 'pro', now: clock.now() })).windows[0]?.remaining);
    const heldByA = 300 - 20 - unreserved;
    expect(heldByA).toBeGreaterThan(0);
    const seen = Number(rateHeaders(await b.send(v1Request(key))).remaining);
    const truth = 300 - 21;
    expect(seen).toBeLessThanOrEqual(truth);
    expect(seen).toBeGreaterThanOrEqual(truth - heldByA);
    await Promise.all([a.settle(), b.settle()]);
    expect(rateHeaders(await b.send(v1Request(key))).remaining).toBe(String(truth - 1));
    await b.settle();
  });
});

describe('revocation across isolates', () => {
  it('is refused by every isolate within a second, busy or quiet', { timeout: 30_000 }, async () => {
    const clock = freshMinute(realClock);
    const { key, keyId, storeId } = await issueKey({ plan: 'pro' });
    const busy = isolate(clock);
    const quiet = isolate(clock);
    expect((await busy.send(v1Request(key))).status).toBe(200);
    expect((await quiet.send(v1Request(key))).status).toBe(200);

    // Revoked by a third isolate: these two learn it only from their object.
    await storeAccess(env, storeId).revokeKey(keyId);
    const revokedAt = clock.now();
    const late: { at: number; status: number }[] = [];
    while (clock.now() - revokedAt < REVOCATION_TTL_MS + 500) {
      const at = clock.now();
      late.push({ at, status: (await busy.send(v1Request(key))).status });
      clock.advance(50);
    }
    // Every request from a second after the revocation on is refused; before that, some may pass.
    const afterTtl = late.filter((r) => r.at - revokedAt >= REVOCATION_TTL_MS);
    expect(afterTtl.length).toBeGreaterThan(3);
    expect(new Set(afterTtl.map((r) => r.status))).toEqual(new Set([401]));
    expect((await quiet.send(v1Request(key))).status).toBe(401);
    await Promise.all([busy.settle(), quiet.settle()]);
  });
});
