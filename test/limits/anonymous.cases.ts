import { describe, expect, it } from 'vitest';
import { anonymousRequest, burst, rateHeaders, send, uniqueAddress, useFreshMinute, v1Request } from './helpers';

describe('keyless /api paths (here the reference page) are limited per client address', () => {
  it('answers with the anonymous budget in the headers', async () => {
    const res = await send(anonymousRequest(uniqueAddress()));
    expect(res.status).toBe(200);
    expect(rateHeaders(res)).toMatchObject({
      limit: '120',
      remaining: '119',
      policy: '"minute";q=120;w=60, "day";q=20000;w=86400',
    });
  });

  it('admits exactly the per-minute budget of one address under a burst, then 429 with Retry-After', async () => {
    useFreshMinute();
    const address = uniqueAddress();
    const counts = await burst(130, () => anonymousRequest(address));
    expect(counts.get(200)).toBe(120);
    expect(counts.get(429)).toBe(10);
    const refused = await send(anonymousRequest(address));
    expect(refused.status).toBe(429);
    expect((await refused.json<{ code: string }>()).code).toBe('RATE_LIMITED');
    expect(Number(rateHeaders(refused).retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await send(anonymousRequest(uniqueAddress()))).status).toBe(200);
  });

  it('shares one budget between the reference page and keyless API calls of an address', async () => {
    useFreshMinute();
    const address = uniqueAddress();
    await send(anonymousRequest(address));
    expect(rateHeaders(await send(v1Request(null, address))).remaining).toBe('118');
  });

  it('counts an IPv6 /64 network as one client', async () => {
    useFreshMinute();
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    await send(anonymousRequest(`${prefix}::1`));
    expect(rateHeaders(await send(anonymousRequest(`${prefix}:ffff::2`))).remaining).toBe('118');
    expect(rateHeaders(await send(anonymousRequest(`${prefix.slice(0, -1)}2::1`))).remaining).toBe('119');
  });

  it('counts requests without a client address under one fixed name', async () => {
    const first = Number(rateHeaders(await send(anonymousRequest())).remaining);
    const second = Number(rateHeaders(await send(anonymousRequest())).remaining);
    expect(second).toBeLessThan(first);
  });
});
