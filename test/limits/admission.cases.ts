import { describe, expect, it } from 'vitest';
import { WINDOW_SECONDS } from '../../src/limits';
import { burst, issueKey, rateHeaders, send, uniqueAddress, useFreshMinute, v1Request } from './helpers';

describe('exact admission under concurrency', () => {
  it('admits exactly 60 of 100 concurrent requests on the free plan', async () => {
    useFreshMinute();
    const { key } = await issueKey({ plan: 'free' });
    const counts = await burst(100, () => v1Request(key));
    expect(counts.get(404)).toBe(60);
    expect(counts.get(429)).toBe(40);
  });

  it('admits exactly 300 of 350 concurrent requests on the pro plan', { timeout: 30_000 }, async () => {
    useFreshMinute();
    const { key } = await issueKey({ plan: 'pro' });
    const counts = await burst(350, () => v1Request(key));
    expect(counts.get(404)).toBe(300);
    expect(counts.get(429)).toBe(50);
  });

  it('shares one budget among all keys of a store', async () => {
    useFreshMinute();
    const first = await issueKey({ plan: 'free' });
    const second = await issueKey({ plan: 'free', storeId: first.storeId });
    let i = 0;
    const counts = await burst(80, () => v1Request(i++ % 2 ? first.key : second.key));
    expect(counts.get(404)).toBe(60);
    expect(counts.get(429)).toBe(20);
  });

  it('never limits enterprise and says so in the headers', { timeout: 30_000 }, async () => {
    const { key } = await issueKey({ plan: 'enterprise' });
    const counts = await burst(400, () => v1Request(key));
    expect(counts.get(404)).toBe(400);
    const res = await send(v1Request(key));
    expect(res.status).toBe(404);
    expect(rateHeaders(res).limit).toBe('unlimited');
    expect(rateHeaders(res).remaining).toBe('unlimited');
    expect(Number(res.headers.get('X-RateLimit-Reset')) * 1000).toBeGreaterThan(Date.now());
    expect(rateHeaders(res).policy).toBeNull();
  });
});

describe('rate-limit headers', () => {
  it('counts Remaining down, reporting the minute window that binds first', async () => {
    const clock = useFreshMinute();
    const { key } = await issueKey({ plan: 'free' });
    const seen: (string | null)[] = [];
    for (let i = 0; i < 3; i++) seen.push(rateHeaders(await send(v1Request(key))).remaining);
    expect(seen).toEqual(['59', '58', '57']);
    const h = rateHeaders(await send(v1Request(key)));
    expect(h.limit).toBe('60');
    const untilReset = Number(h.reset) * 1000 - clock.now();
    expect(Number(h.reset) % WINDOW_SECONDS.minute).toBe(0);
    expect(untilReset).toBeGreaterThan(0);
    expect(untilReset).toBeLessThanOrEqual(60_000);
    expect(h.policy).toBe('"minute";q=60;w=60, "day";q=1000;w=86400');
    expect(h.rateLimit).toMatch(/^"minute";r=56;t=\d+, "day";r=996;t=\d+$/);
  });

  it('answers 429 with RATE_LIMITED, Retry-After and the headers once the minute is spent', async () => {
    const clock = useFreshMinute();
    const { key } = await issueKey({ plan: 'free' });
    await burst(60, () => v1Request(key));
    const res = await send(v1Request(key));
    expect(res.status).toBe(429);
    const body = await res.json<{ error: string; code: string }>();
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.error).toMatch(/60 requests per minute/);
    const h = rateHeaders(res);
    expect(h.limit).toBe('60');
    expect(h.remaining).toBe('0');
    const retryAfter = Number(h.retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(h.reset) - Math.floor(clock.now() / 1000)).toBeLessThanOrEqual(retryAfter);
    // Refused requests are not counted: the day still shows only the 60 admitted.
    expect(h.rateLimit).toMatch(/"day";r=940;/);
  });

  it('puts the headers on 404 answers of valid keys, and on 401 answers counted per client address', async () => {
    const { key } = await issueKey({ plan: 'pro' });
    const found = await send(v1Request(key));
    expect(found.status).toBe(404);
    expect(rateHeaders(found).limit).toBe('300');

    const address = uniqueAddress();
    const missing = await send(v1Request(null, address));
    expect(missing.status).toBe(401);
    expect(rateHeaders(missing)).toMatchObject({ limit: '120', remaining: '119' });
    const unknown = await send(v1Request(`cpq_${'x'.repeat(43)}`, address));
    expect(unknown.status).toBe(401);
    expect(rateHeaders(unknown).remaining).toBe('118');
    // Another address has its own budget.
    expect(rateHeaders(await send(v1Request(null, uniqueAddress()))).remaining).toBe('119');
  });

  it('refuses key guessing from one address with 429 once the anonymous minute is spent', async () => {
    useFreshMinute();
    const address = uniqueAddress();
    const counts = await burst(130, () => v1Request(`cpq_${'x'.repeat(43)}`, address));
    expect(counts.get(401)).toBe(120);
    expect(counts.get(429)).toBe(10);
  });
});
