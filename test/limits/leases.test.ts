import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/env';
import { authenticate, requireKey } from '../../src/http/auth';
import { onError } from '../../src/http/on-error';
import { assignRequestId } from '../../src/http/request-guards';
import worker from '../../src/index';
import { createRateLimit, LEASE_TTL_MS, LeaseRegistry, type LimiterClock, realClock, storeGate } from '../../src/limits';
import { freshMinute, issueKey, rateHeaders, useFreshMinute, v1Request } from './helpers';

const WAIT_HEADER = 'X-CPQ-Dev-Gate-Wait';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A simulated isolate: the production middleware chain with its own leases, against the one real Durable Object of
 * each store. `env` may carry the dev latency knob or CPQ_ADMISSION; `clock` is the limiter's (see freshMinute).
 */
function isolate(clock: LimiterClock, isolateEnv: Env = env) {
  const app = new Hono<AppEnv>();
  app.use('*', assignRequestId);
  app.use(
    '/api/v1/*',
    authenticate,
    createRateLimit({ gate: (e, name) => e.GATE.getByName(name), leases: new LeaseRegistry({ clock }) }),
    requireKey,
  );
  app.get('/api/v1/*', (c) => c.json({ ok: true }));
  app.onError(onError);
  const pending: Promise<void>[] = [];
  return {
    /** One request; what it leaves running (renewals, hand-backs) is collected for `settle`. */
    async send(request: Request): Promise<Response> {
      const ctx = createExecutionContext();
      const res = await app.fetch(request, isolateEnv, ctx);
      pending.push(waitOnExecutionContext(ctx));
      return res;
    },
    /** Waits until its leases have expired and handed back their unused tokens. */
    settle: () => Promise.all(pending.splice(0)),
  };
}

type Isolate = ReturnType<typeof isolate>;

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
        await sleep(100);
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
    await storeGate(env, storeId).admit({ tier: 'pro', now: clock.now() });
    const { runInDurableObject } = await import('cloudflare:test');
    await runInDurableObject(storeGate(env, storeId), (_, state) => {
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
    const reserved = (await storeGate(env, storeId).check({ tier: 'pro', now: clock.now() })).windows.map((w) => w.remaining);
    expect(reserved[0]).toBeLessThan(300 - 20);
    await busy.settle();
    const settled = (await storeGate(env, storeId).check({ tier: 'pro', now: clock.now() })).windows.map((w) => w.remaining);
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
    const unreserved = Number((await storeGate(env, storeId).check({ tier: 'pro', now: clock.now() })).windows[0]?.remaining);
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

describe('revocation with leases', () => {
  it('is refused by every isolate within one lease lifetime, busy or quiet', { timeout: 30_000 }, async () => {
    const clock = freshMinute(realClock);
    const { key, keyId, storeId } = await issueKey({ plan: 'pro' });
    const busy = isolate(clock);
    const quiet = isolate(clock);
    expect((await busy.send(v1Request(key))).status).toBe(200);
    expect((await quiet.send(v1Request(key))).status).toBe(200);

    // Revoked by a third isolate: these two learn it only from their object.
    await storeGate(env, storeId).revokeKey(keyId);
    const revokedAt = Date.now();
    const late: { at: number; status: number }[] = [];
    while (Date.now() - revokedAt < LEASE_TTL_MS + 500) {
      const at = Date.now();
      late.push({ at, status: (await busy.send(v1Request(key))).status });
      await sleep(50);
    }
    // Every request from a lease's lifetime after the revocation on is refused; before that, some may pass.
    const afterTtl = late.filter((r) => r.at - revokedAt >= LEASE_TTL_MS);
    expect(afterTtl.length).toBeGreaterThan(3);
    expect(new Set(afterTtl.map((r) => r.status))).toEqual(new Set([401]));
    expect((await quiet.send(v1Request(key))).status).toBe(401);
    await Promise.all([busy.settle(), quiet.settle()]);
  });
});

describe('the dev latency knob and the per-request hop', () => {
  /** A steady client: one request every `gapMs`, each timed, with whether it waited on the object. */
  async function steady(target: Isolate, key: string, n: number, gapMs: number) {
    const results: { ms: number; waited: boolean; status: number }[] = [];
    for (let i = 0; i < n; i++) {
      const started = Date.now();
      const res = await target.send(v1Request(key));
      results.push({ ms: Date.now() - started, waited: res.headers.get(WAIT_HEADER) === '1', status: res.status });
      await sleep(gapMs);
    }
    return { results, waits: results.filter((r) => r.waited).length };
  }

  it('with 150 ms per object call, a steady client under leases almost never waits', { timeout: 30_000 }, async () => {
    const { key } = await issueKey({ plan: 'pro' });
    const far = isolate(freshMinute(realClock), { ...env, CPQ_DEV_GATE_LATENCY_MS: '150' } as Env);
    const run = await steady(far, key, 100, 20);
    expect(new Set(run.results.map((r) => r.status))).toEqual(new Set([200]));
    // The first request of the isolate waits, and a few more while its rate estimate ramps up; renewals then
    // happen in the background: at most 5 % of requests wait (the goal of issue 17). Whether a request waited is
    // what the dev header says, not a latency, so a busy machine cannot fail this.
    expect(run.results[0]).toMatchObject({ waited: true });
    expect(run.results[0]!.ms).toBeGreaterThanOrEqual(150);
    expect(run.waits).toBeLessThanOrEqual(5);
    await far.settle();
  });

  it('with CPQ_ADMISSION=hop every request waits on the object', { timeout: 30_000 }, async () => {
    const { key } = await issueKey({ plan: 'pro' });
    const hop = isolate(freshMinute(realClock), { ...env, CPQ_DEV_GATE_LATENCY_MS: '150', CPQ_ADMISSION: 'hop' } as Env);
    const run = await steady(hop, key, 5, 0);
    expect(run.waits).toBe(5);
    expect(Math.min(...run.results.map((r) => r.ms))).toBeGreaterThanOrEqual(150);
    await hop.settle();
  });

  it('hop admits exactly the budget through the Worker too', async () => {
    useFreshMinute();
    const { key } = await issueKey({ plan: 'free' });
    const ctx = createExecutionContext();
    const hopEnv = { ...env, CPQ_ADMISSION: 'hop' } as Env;
    const responses = await Promise.all(Array.from({ length: 100 }, () => worker.fetch(v1Request(key), hopEnv, ctx)));
    await waitOnExecutionContext(ctx);
    expect(
      count(
        responses.map((r) => r.status),
        404,
      ),
    ).toBe(60);
  });

  it('is absent, with its header, where the binding is not set (a deployed Worker)', async () => {
    const { key } = await issueKey({ plan: 'pro' });
    const clock = freshMinute(realClock);
    const deployed = isolate(clock, { ...env, CPQ_DEV_GATE_LATENCY_MS: undefined } as unknown as Env);
    const res = await deployed.send(v1Request(key));
    expect(res.status).toBe(200);
    expect(res.headers.get(WAIT_HEADER)).toBeNull();
    const dev = await isolate(clock).send(v1Request(key));
    expect(dev.headers.get(WAIT_HEADER)).toBe('1');
    await deployed.settle();
  });
});
