import { describe, expect, it } from 'vitest';
import { issueKey, rateHeaders, send, useFreshMinute, v1Request } from './helpers';

/**
 * Real concurrent requests: each `send` is its own request to the Worker (exports.default), so each has its own
 * request context, as in production. workerd cancels a request that awaits a promise another request's I/O settles;
 * simulated isolates driven from one test request cannot see that, these can.
 */
async function together(n: number, key: string): Promise<Response[]> {
  return Promise.all(Array.from({ length: n }, () => send(v1Request(key))));
}

const statuses = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('concurrent requests of one isolate wait only on their own I/O', () => {
  it('admits exactly the free minute of a cold store and refuses the rest with 429', { timeout: 30_000 }, async () => {
    useFreshMinute();
    const { key } = await issueKey({ plan: 'free' });
    const responses = await together(70, key);
    expect(statuses(responses)).toEqual({ 404: 60, 429: 10 });
    for (const refused of responses.filter((r) => r.status === 429)) {
      expect(Number(rateHeaders(refused).retryAfter)).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
  });

  it('admits every request of a cold enterprise store', { timeout: 30_000 }, async () => {
    const { key } = await issueKey({ plan: 'enterprise' });
    expect(statuses(await together(60, key))).toEqual({ 404: 60 });
  });

  it('admits a burst on a warm store, and another after its lease expired in a second of quiet', {
    timeout: 30_000,
  }, async () => {
    const clock = useFreshMinute();
    const { key } = await issueKey({ plan: 'pro' });
    expect(statuses(await together(40, key))).toEqual({ 404: 40 });
    expect(statuses(await together(40, key))).toEqual({ 404: 40 });
    clock.advance(1_200);
    expect(statuses(await together(60, key))).toEqual({ 404: 60 });
  });

  it('admits bursts to several stores at once, each within its own budget', { timeout: 30_000 }, async () => {
    useFreshMinute();
    const [free, pro, enterprise] = await Promise.all([
      issueKey({ plan: 'free' }),
      issueKey({ plan: 'pro' }),
      issueKey({ plan: 'enterprise' }),
    ]);
    const [a, b, c] = await Promise.all([together(30, free.key), together(30, pro.key), together(30, enterprise.key)]);
    expect([statuses(a), statuses(b), statuses(c)]).toEqual([{ 404: 30 }, { 404: 30 }, { 404: 30 }]);
  });
});
