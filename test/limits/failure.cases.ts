import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { storeAccess } from '../../src/access/names';
import type { AppEnv } from '../../src/env';
import { createAuthenticate, requireKey } from '../../src/http/auth';
import { onError } from '../../src/http/on-error';
import { assignRequestId } from '../../src/http/request-guards';
import { isolateRevocations } from '../../src/keys/revocations';
import { createRateLimit, type Gate, LEASE_TTL_MS, LeaseRegistry } from '../../src/limits';
import { freshMinute, issueKey, rateHeaders, uniqueAddress, v1Request } from './helpers';

/**
 * The production middleware chain around a limiter whose Durable Object is unreachable in the given way. Its leases
 * are its own, so the key check asks the store's object for revocations alone (no lease travels with them).
 */
function appWith(gate: () => Gate, timeoutMs?: number, leases?: LeaseRegistry) {
  const app = new Hono<AppEnv>();
  app.use('*', assignRequestId);
  app.use('/api/v1/*', createAuthenticate(isolateRevocations, null), createRateLimit({ gate, timeoutMs, leases }), requireKey);
  app.get('/api/v1/*', (c) => c.json({ ok: true }));
  app.onError(onError);
  return async (n: number, request: () => Request) => {
    const ctx = createExecutionContext();
    const responses = await Promise.all(Array.from({ length: n }, () => app.fetch(request(), env, ctx)));
    await waitOnExecutionContext(ctx);
    return responses;
  };
}

const throwing = () => {
  throw new Error('binding unavailable');
};
const statuses = (responses: Response[]) => responses.map((r) => r.status);

describe('when the Durable Object fails, the limiter fails open to a per-isolate minute budget', () => {
  let logged: MockInstance<typeof console.error>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => logged.mockRestore());

  it('admits the plan’s per-minute budget when getting the stub throws, and logs the failure', async () => {
    const { key } = await issueKey({ plan: 'free' });
    const responses = await appWith(() => throwing())(70, () => v1Request(key));
    expect(statuses(responses).filter((s) => s === 200)).toHaveLength(60);
    expect(statuses(responses).filter((s) => s === 429)).toHaveLength(10);
    const refused = responses.find((r) => r.status === 429);
    expect(refused && rateHeaders(refused)).toMatchObject({ limit: '60', remaining: '0', policy: '"minute";q=60;w=60' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('binding unavailable'));
  });

  it('falls back when the call rejects, keeping enterprise unlimited and anonymous requests per address', async () => {
    const overloaded = () => Promise.reject(new Error('object overloaded'));
    const rejecting = { admit: overloaded, lease: overloaded };
    const run = appWith(() => rejecting);
    const { key } = await issueKey({ plan: 'enterprise' });
    expect(new Set(statuses(await run(100, () => v1Request(key))))).toEqual(new Set([200]));
    const address = uniqueAddress();
    const anonymous = await run(125, () => v1Request(null, address));
    expect(statuses(anonymous).filter((s) => s === 401)).toHaveLength(120);
    expect(statuses(anonymous).filter((s) => s === 429)).toHaveLength(5);
  });

  it('stops waiting for a slow object after the timeout', async () => {
    const hanging = { lease: () => new Promise<never>(() => {}) };
    const { key } = await issueKey({ plan: 'pro' });
    const started = Date.now();
    const [res] = await appWith(() => hanging, 50)(1, () => v1Request(key));
    expect(res?.status).toBe(200);
    expect(res && rateHeaders(res)).toMatchObject({ limit: '300', remaining: '299' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('no answer within 50 ms'));
  });

  it('keeps admitting from the lease it holds when renewals start failing, then falls back', async () => {
    const { key, storeId } = await issueKey({ plan: 'free' });
    let up = true;
    const real = storeAccess(env, storeId);
    const flaky: Gate = {
      lease: (request) => (up ? real.lease(request) : Promise.reject(new Error('object gone'))),
    };
    const clock = freshMinute();
    const run = appWith(() => flaky, undefined, new LeaseRegistry({ clock }));
    expect(statuses(await run(5, () => v1Request(key)))).toEqual([200, 200, 200, 200, 200]);
    expect(logged).not.toHaveBeenCalled();
    up = false;
    // Past the lease's lifetime the next request must ask, fails, and the per-isolate count decides (fail open).
    clock.advance(LEASE_TTL_MS + 100);
    const [later] = await run(1, () => v1Request(key));
    expect(later?.status).toBe(200);
    expect(later && rateHeaders(later)).toMatchObject({ limit: '60', policy: '"minute";q=60;w=60' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('object gone'));
  });

  it('uses the real object when it answers', async () => {
    const { key, storeId } = await issueKey({ plan: 'free' });
    await storeAccess(env, storeId).setPlan('pro');
    const [res] = await appWith(() => storeAccess(env, storeId))(1, () => v1Request(key));
    expect(res && rateHeaders(res).limit).toBe('300');
    expect(logged).not.toHaveBeenCalled();
  });
});
