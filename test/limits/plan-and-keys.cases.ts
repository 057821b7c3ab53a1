import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { storeAccess } from '../../src/access/names';
import { apiKeys } from '../../src/db/schema';
import { revokeStoreKey } from '../../src/keys/revocations';
import { setStorePlan } from '../../src/limits';
import { burst, issueKey, rateHeaders, send, useFreshMinute, v1Request } from './helpers';

describe('plans', () => {
  // The test runs in the Worker's isolate, so these changes are made by the isolate that serves the next request.
  it('applies a plan change through the store’s object on the very next request of the isolate that made it', async () => {
    useFreshMinute();
    const { key, storeId } = await issueKey({ plan: 'free' });
    await send(v1Request(key));
    expect(rateHeaders(await send(v1Request(key)))).toMatchObject({ limit: '60', remaining: '58' });

    await setStorePlan(env, storeId, 'pro');
    expect(rateHeaders(await send(v1Request(key)))).toMatchObject({ limit: '300', remaining: '297' });

    await setStorePlan(env, storeId, 'enterprise');
    const unlimited = await send(v1Request(key));
    expect(unlimited.status).toBe(404);
    expect(rateHeaders(unlimited).limit).toBe('unlimited');

    // Enterprise requests are not counted; the store's counters carry on where they were.
    await setStorePlan(env, storeId, 'free');
    expect(rateHeaders(await send(v1Request(key)))).toMatchObject({ limit: '60', remaining: '56' });
  });

  it('trusts the stored plan over a stale plan in the key’s KV record', async () => {
    useFreshMinute();
    const { key, storeId } = await issueKey({ plan: 'enterprise' });
    await storeAccess(env, storeId).setPlan('free');
    const counts = await burst(70, () => v1Request(key));
    expect(counts.get(404)).toBe(60);
    expect(counts.get(429)).toBe(10);
  });

  it('refuses on the daily quota with the day as the binding window', async () => {
    const clock = useFreshMinute();
    const { key, storeId } = await issueKey({ plan: 'free' });
    // Counted in the object before any isolate holds a lease: one request, then the day filled up to its last.
    await storeAccess(env, storeId).admit({ tier: 'free', now: clock.now() });
    await runInDurableObject(storeAccess(env, storeId), (_, state) => {
      state.storage.sql.exec("UPDATE counters SET count = 999 WHERE name = 'day'");
    });
    const nextMidnight = Math.ceil(clock.now() / 86_400_000) * 86_400;

    const last = await send(v1Request(key));
    expect(last.status).toBe(404);
    expect(rateHeaders(last)).toMatchObject({ limit: '1000', remaining: '0', reset: String(nextMidnight) });

    const refused = await send(v1Request(key));
    expect(refused.status).toBe(429);
    const h = rateHeaders(refused);
    expect(h).toMatchObject({ limit: '1000', remaining: '0', reset: String(nextMidnight) });
    // The server and this test read the clock a moment apart: allow the second to tick between them.
    expect(Math.abs(Number(h.retryAfter) - (nextMidnight - Math.floor(clock.now() / 1000)))).toBeLessThanOrEqual(1);
    expect((await refused.json<{ error: string }>()).error).toMatch(/1000 requests per day/);
  });
});

describe('revocation', () => {
  it('refuses a revoked key with 401 on the next request of the revoking isolate while its KV record lingers, without counting it', async () => {
    useFreshMinute();
    const revoked = await issueKey({ plan: 'free' });
    const sibling = await issueKey({ plan: 'free', storeId: revoked.storeId });
    expect((await send(v1Request(revoked.key))).status).toBe(404);

    await revokeStoreKey(env, revoked.storeId, revoked.keyId);
    const refused = await send(v1Request(revoked.key));
    expect(refused.status).toBe(401);
    expect((await refused.json<{ code: string }>()).code).toBe('UNAUTHORIZED');
    expect(rateHeaders(refused)).toMatchObject({ limit: '60', remaining: '59' });

    const other = await send(v1Request(sibling.key));
    expect(other.status).toBe(404);
    expect(rateHeaders(other).remaining).toBe('58');
  });
});

describe('last use of a key', () => {
  const lastUsed = async (keyId: string) =>
    (await drizzle(env.DB).select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, keyId)).get())?.at;

  it('is written to D1 after the response, at most once a minute', async () => {
    const { key, keyId } = await issueKey({ plan: 'pro', inD1: true });
    expect(await lastUsed(keyId)).toBeNull();
    const before = Date.now();
    await burst(1, () => v1Request(key));
    const first = await lastUsed(keyId);
    expect(first).toBeGreaterThanOrEqual(before);

    await drizzle(env.DB).update(apiKeys).set({ lastUsedAt: 1 }).where(eq(apiKeys.id, keyId));
    await burst(5, () => v1Request(key));
    expect(await lastUsed(keyId)).toBe(1);
  });
});
