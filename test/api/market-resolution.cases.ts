import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyRecord } from '../../src/api/permissions';
import { ApiError } from '../../src/errors';
import { analyze } from '../../src/lang';
import type { ProductIR } from '../../src/lang/ir';
import { priceBookFor, resolvePricing } from '../../src/markets/resolve';
import { snapshotHold } from '../../src/markets/service/snapshot';
import { admin, createStore } from '../helpers';
import { ok, storeWithWindow, WINDOW } from './price-lists-helpers';

// resolvePricing and priceBookFor, as the storefront's routes call them (src/markets/resolve.ts), with an injected
// clock; the store is set up over HTTP like any other.

const at = (iso: string) => Date.parse(iso);
const key = (storeId: string, binding: Partial<KeyRecord> = {}): KeyRecord => ({
  keyId: 'key_test',
  storeId,
  permissions: ['form:read', 'calculate'],
  plan: 'enterprise',
  ...binding,
});
const window = { id: 'window', version: 1, ir: analyze(WINDOW).ir as ProductIR };

async function refused(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('resolved');
}

/** DE (EUR): retail 2026 until 2027-01-01, retail 2027 from then, dealer from 2027-06-01; CH (CHF) without lists. */
async function store() {
  const s = await storeWithWindow(
    { id: 'eur-2026', name: 'EUR 2026', currency: 'EUR', valid_to: '2027-01-01' },
    { id: 'eur-2027', name: 'EUR 2027', currency: 'EUR', valid_from: '2027-01-01' },
    { id: 'dealer', name: 'Dealer', currency: 'EUR', base: 'eur-2027', factor: '0.7', valid_from: '2027-06-01' },
  );
  await ok(admin('POST', `/stores/${s}/customer-groups`, { id: 'dealer', name: 'Dealers' }), 201);
  await ok(
    admin('POST', `/stores/${s}/markets`, {
      id: 'de',
      name: 'Germany',
      currency: 'EUR',
      tax: { rate: '19', prices: 'gross' },
      price_lists: [
        { group: 'retail', list: 'eur-2026' },
        { group: 'retail', list: 'eur-2027' },
        { group: 'dealer', list: 'dealer' },
      ],
    }),
    201,
  );
  await ok(admin('POST', `/stores/${s}/markets`, { id: 'ch', name: 'Switzerland', currency: 'CHF' }), 201);
  return s;
}

describe('resolvePricing', () => {
  it('prices a store without markets as before: no market, no list, no book', async () => {
    const s = await createStore();
    const r = await resolvePricing(env, s, key(s), {}, Date.now());
    expect(r).toEqual({ market: null, group: 'retail', list: null, chain: [], tax: null });
    expect(await priceBookFor(env, s, window, r)).toBeNull();
    expect((await refused(resolvePricing(env, s, key(s), { market: 'de' }, Date.now()))).status).toBe(404);
  });

  it('takes the list in force by date: the day before a list starts and the day it does', async () => {
    const s = await store();
    const before = await resolvePricing(env, s, key(s), {}, at('2026-12-31T23:59:59Z'));
    expect(before).toMatchObject({
      market: { id: 'de' },
      group: 'retail',
      list: { id: 'eur-2026', version: 1 },
      tax: { rateBp: 1900, prices: 'gross' },
    });
    const on = await resolvePricing(env, s, key(s), {}, at('2027-01-01T00:00:00Z'));
    expect(on.list).toEqual({ id: 'eur-2027', version: 1, name: 'EUR 2027', currency: 'EUR' });
  });

  it("falls back to the market's retail list while the group has none in force, then takes the group's", async () => {
    const s = await store();
    const dealer = key(s, { customerGroup: 'dealer' });
    const march = await resolvePricing(env, s, dealer, {}, at('2027-03-01T12:00:00Z'));
    expect(march).toMatchObject({ group: 'dealer', list: { id: 'eur-2027' } });
    const june = await resolvePricing(env, s, dealer, { group: 'dealer' }, at('2027-06-01T00:00:00Z'));
    expect(june).toMatchObject({ group: 'dealer', list: { id: 'dealer' } });
    expect(june.chain.map((l) => l.id)).toEqual(['dealer', 'eur-2027']);
  });

  it('403s a group other than the key’s and a market outside its limits, naming the field; 404s an unknown market', async () => {
    const s = await store();
    const retail = await refused(resolvePricing(env, s, key(s), { group: 'dealer' }, Date.now()));
    expect([retail.status, retail.extra.details]).toEqual([403, { field: 'group' }]);
    expect(retail.message).not.toContain('dealer');
    const asRetail = await refused(resolvePricing(env, s, key(s, { customerGroup: 'dealer' }), { group: 'retail' }, Date.now()));
    expect(asRetail.status).toBe(403);
    const limited = key(s, { markets: ['ch'] });
    const outside = await refused(resolvePricing(env, s, limited, { market: 'de' }, Date.now()));
    expect([outside.status, outside.extra.details]).toEqual([403, { field: 'market' }]);
    expect((await resolvePricing(env, s, limited, {}, Date.now())).market?.id).toBe('ch');
    for (const market of ['xx', '__proto__', 'constructor']) {
      const unknown = await refused(resolvePricing(env, s, key(s), { market }, Date.now()));
      expect([unknown.status, unknown.extra.details]).toEqual([404, { field: 'market' }]);
    }
  });

  it('409s NO_PRICE_LIST for a market in another currency than the model with no list, naming market and currency', async () => {
    const s = await store();
    const ch = await resolvePricing(env, s, key(s), { market: 'ch' }, Date.now());
    expect(ch.list).toBeNull();
    const err = await refused(priceBookFor(env, s, window, ch));
    expect([err.status, err.code, err.extra.details]).toEqual([
      409,
      'NO_PRICE_LIST',
      { market: 'ch', currency: 'CHF', group: 'retail' },
    ]);
  });

  it("books the list's effective amounts and follows a change of entries at once in this isolate", async () => {
    const s = await store();
    await ok(
      admin('PATCH', `/stores/${s}/price-lists/eur-2027/entries`, {
        version: 1,
        entries: [{ product: 'window', price: 'line.fixed', value: '69.90' }],
      }),
    );
    const june = () => resolvePricing(env, s, key(s, { customerGroup: 'dealer' }), {}, at('2027-06-02T00:00:00Z'));
    const book = await priceBookFor(env, s, window, await june());
    expect(book?.currency).toBe('EUR');
    // 69.90 × 0.7 = 48.93; 55.5 × 0.7 = 38.85.
    expect(book?.amounts.get('line.fixed')).toBe(48.93);
    expect(book?.amounts.get('glass_m2[*]')).toBe(38.85);
    await ok(
      admin('PATCH', `/stores/${s}/price-lists/dealer/entries`, {
        version: 1,
        entries: [{ product: 'window', price: 'line.fixed', value: '50' }],
      }),
    );
    const after = await june();
    expect(after.list?.version).toBe(2);
    expect((await priceBookFor(env, s, window, after))?.amounts.get('line.fixed')).toBe(50);
  });
});

describe('the snapshot a request resolves with', () => {
  afterEach(() => {
    snapshotHold.clock = { now: () => Date.now() };
  });

  it("is held a second by an isolate: another isolate's change (KV) shows after it, this isolate's own at once", async () => {
    const s = await store();
    let now = Date.now();
    snapshotHold.clock = { now: () => now };
    expect((await resolvePricing(env, s, key(s), {}, at('2026-06-01T00:00:00Z'))).market?.id).toBe('de');
    // Another isolate moved the default to ch: only KV changed, as this isolate sees it.
    const record = await env.KEYS.get<{ markets: { id: string; isDefault: boolean }[] }>(`pricing:${s}`, 'json');
    for (const m of record!.markets) m.isDefault = m.id === 'ch';
    await env.KEYS.put(`pricing:${s}`, JSON.stringify(record));
    expect((await resolvePricing(env, s, key(s), {}, at('2026-06-01T00:00:00Z'))).market?.id).toBe('de');
    now += 1_001;
    expect((await resolvePricing(env, s, key(s), {}, at('2026-06-01T00:00:00Z'))).market?.id).toBe('ch');
    // A change made through this isolate is served by it at once, whatever it held.
    await ok(admin('PUT', `/stores/${s}/markets/de`, { name: 'Germany', currency: 'EUR', default: true }));
    expect((await resolvePricing(env, s, key(s), {}, at('2026-06-01T00:00:00Z'))).market?.id).toBe('de');
  });
});
