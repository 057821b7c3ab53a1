import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { aroundNamespace, type Hook, reportWait, WAIT_HEADER } from '../../bench/knobs';
import { storeAccess } from '../../src/access/names';
import { realClock } from '../../src/limits';
import { freshMinute, isolate, issueKey, rateHeaders, v1Request } from './helpers';

// A keyed request in a cold isolate needs two things of its store's Durable Object: the store's revocations (the key
// check) and a lease (the limiter). src/access/joint.ts asks for both in one call, so the request waits for one
// round trip, not two in a row.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FAR_MS = 150;

/**
 * An environment whose store objects are FAR_MS away, logging each call to them when its answer arrives: a call
 * answered before a response was sent is one the request waited for (a call the request started in the background
 * is still on its way then).
 */
function farAndLogged() {
  const answered: { method: string; at: number }[] = [];
  const hook: Hook = async (method, call) => {
    await sleep(FAR_MS);
    const result = await call();
    answered.push({ method, at: Date.now() });
    return result;
  };
  return { env: { ...env, ACCESS: aroundNamespace(env.ACCESS, hook) } as Env, answered };
}

describe('a keyed request in a cold isolate', () => {
  it('waits for one call to the store object, which brings the revocations and a lease', async () => {
    const { key } = await issueKey({ plan: 'pro' });
    const far = farAndLogged();
    const cold = isolate(freshMinute(realClock), { env: far.env, decided: reportWait });
    const first = await cold.send(v1Request(key));
    const sent = Date.now();
    expect(first.status).toBe(200);
    expect(first.headers.get(WAIT_HEADER)).toBe('1');
    expect(far.answered.filter((c) => c.at <= sent).map((c) => c.method)).toEqual(['keysAndLease']);
    // The lease it brought admits the next request without waiting, and was counted in the store's budget.
    const second = await cold.send(v1Request(key));
    expect(second.status).toBe(200);
    expect(second.headers.get(WAIT_HEADER)).toBe('0');
    expect(Number(rateHeaders(second).remaining)).toBeLessThan(300);
    await cold.settle();
  });

  it('with a revoked key, is refused after the one call and leaves the budget as it was once settled', async () => {
    const clock = freshMinute(realClock);
    const { key, keyId, storeId } = await issueKey({ plan: 'free' });
    const object = storeAccess(env, storeId);
    await object.revokeKey(keyId);
    const far = farAndLogged();
    const cold = isolate(clock, { env: far.env });
    const res = await cold.send(v1Request(key));
    const sent = Date.now();
    expect(res.status).toBe(401);
    expect(far.answered.filter((c) => c.at <= sent).map((c) => c.method)).toEqual(['keysAndLease']);
    await cold.settle();
    const windows = (await object.check({ tier: 'free', now: clock.told(clock.now()) })).windows;
    expect(windows.find((w) => w.window === 'minute')?.remaining).toBe(60);
  });

  it('in a burst, admits every request within the budget and counts each once', async () => {
    const clock = freshMinute(realClock);
    const { key, storeId } = await issueKey({ plan: 'free' });
    const cold = isolate(clock, { env: farAndLogged().env });
    const responses = await Promise.all(Array.from({ length: 20 }, () => cold.send(v1Request(key))));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    await cold.settle();
    const windows = (await storeAccess(env, storeId).check({ tier: 'free', now: clock.told(clock.now()) })).windows;
    expect(windows.find((w) => w.window === 'minute')?.remaining).toBe(40);
  });
});
