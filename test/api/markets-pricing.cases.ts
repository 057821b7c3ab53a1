import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { call, createKey, jsonInit, saveProduct } from '../helpers';
import { adminOk, calculate, configure, form, keyFor, market, panelStore, priced, priceList } from './markets-helpers';

// One product priced in five currencies over HTTP (issue 45 item 7), every amount worked out by hand. The panel's
// model (EUR): base line 100, colour white 10, cream 12.5. The EUR list sets base 119.00 and cream 14.50 (white
// left to the model: 10 × 1 = 10.00); the others derive from it, each line amount rounded once by its list's rule:
//   CHF ×1.0733 to 0.05:  base 127.7227 → 127.70   cream 15.56285 → 15.55   white 10.733 → 10.75
//   GBP ×0.8567 to .99:   base 101.9473 → 101.99   cream 12.42215 → 11.99 (nearer than 12.99)
//   JPY ×161.37 minor:    base 19203.03 → 19203    cream 2339.865 → 2340    white 1613.7 → 1614
//   BHD ×0.4102 minor:    base 48.8138 → 48.814    cream 5.9479 → 5.948

let storeId: string;
let headers: Record<string, string>;

beforeAll(async () => {
  storeId = await panelStore();
  await priceList(
    storeId,
    { id: 'eur', name: 'Euro', currency: 'EUR' },
    { 'line.base': '119.00', 'colour.cream.price': '14.50' },
  );
  await priceList(storeId, { id: 'chf', name: 'Swiss francs', currency: 'CHF', base: 'eur', factor: '1.0733', rounding: '0.05' });
  await priceList(storeId, { id: 'gbp', name: 'Pounds', currency: 'GBP', base: 'eur', factor: '0.8567', rounding: '.99' });
  await priceList(storeId, { id: 'jpy', name: 'Yen', currency: 'JPY', base: 'eur', factor: '161.37' });
  await priceList(storeId, { id: 'bhd', name: 'Dinars', currency: 'BHD', base: 'eur', factor: '0.4102' });
  const tax = { rate: '19', prices: 'gross' };
  await market(storeId, {
    id: 'de',
    name: 'Germany',
    currency: 'EUR',
    tax,
    default: true,
    price_lists: [{ group: 'retail', list: 'eur' }],
  });
  await market(storeId, {
    id: 'ch',
    name: 'Switzerland',
    currency: 'CHF',
    language: 'de-CH',
    tax: { rate: '8.1', prices: 'gross' },
    price_lists: [{ group: 'retail', list: 'chf' }],
  });
  await market(storeId, {
    id: 'uk',
    name: 'United Kingdom',
    currency: 'GBP',
    tax: { rate: '20', prices: 'gross' },
    price_lists: [{ group: 'retail', list: 'gbp' }],
  });
  await market(storeId, {
    id: 'jp',
    name: 'Japan',
    currency: 'JPY',
    tax: { rate: '10', prices: 'gross' },
    price_lists: [{ group: 'retail', list: 'jpy' }],
  });
  await market(storeId, {
    id: 'bh',
    name: 'Bahrain',
    currency: 'BHD',
    tax: { rate: '10', prices: 'net' },
    price_lists: [{ group: 'retail', list: 'bhd' }],
  });
  await market(storeId, { id: 'at', name: 'Austria', currency: 'EUR', tax: { rate: '20', prices: 'gross' }, price_lists: [] });
  await market(storeId, { id: 'us', name: 'United States', currency: 'USD', tax: { rate: '0', prices: 'net' }, price_lists: [] });
  headers = await keyFor(storeId);
});

describe('a calculation priced in a market', () => {
  it('EUR: explicit entries, and the model for a price without one (never 0)', async () => {
    const cream = await priced(await calculate(storeId, headers, { market: 'de' }));
    expect(cream).toMatchObject({ total: 133.5, currency: 'EUR', lines: { base: 119, colour: 14.5 } });
    expect(cream.pricing).toEqual({
      market: 'de',
      group: 'retail',
      currency: 'EUR',
      list: { id: 'eur', version: 2, name: 'Euro' },
    });
    const white = await priced(await calculate(storeId, headers, { market: 'de', configuration: { colour: 'white' } }));
    expect(white).toMatchObject({ total: 129, lines: { base: 119, colour: 10 } });
  });

  it("the store's default market when the request names none", async () => {
    expect((await priced(await calculate(storeId, headers))).pricing.market).toBe('de');
  });

  it('CHF derived to 0.05 (Swiss cash rounding)', async () => {
    const chf = await priced(await calculate(storeId, headers, { market: 'ch' }));
    expect(chf).toMatchObject({ total: 143.25, currency: 'CHF', lines: { base: 127.7, colour: 15.55 } });
    expect(chf.pricing).toEqual({
      market: 'ch',
      group: 'retail',
      currency: 'CHF',
      list: { id: 'chf', version: 1, name: 'Swiss francs' },
    });
  });

  it('GBP derived to .99 endings', async () => {
    expect(await priced(await calculate(storeId, headers, { market: 'uk' }))).toMatchObject({
      total: 113.98,
      currency: 'GBP',
      lines: { base: 101.99, colour: 11.99 },
    });
  });

  it('JPY, a currency without minor units', async () => {
    expect(await priced(await calculate(storeId, headers, { market: 'jp' }))).toMatchObject({
      total: 21543,
      currency: 'JPY',
      lines: { base: 19203, colour: 2340 },
    });
  });

  it('BHD, three decimals', async () => {
    expect(await priced(await calculate(storeId, headers, { market: 'bh' }))).toMatchObject({
      total: 54.762,
      currency: 'BHD',
      lines: { base: 48.814, colour: 5.948 },
    });
  });

  it('takes market from the query on a POST too; the body and the query must agree', async () => {
    expect((await priced(await calculate(storeId, headers, {}, '?market=uk'))).currency).toBe('GBP');
    const res = await calculate(storeId, headers, { market: 'ch' }, '?market=uk');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: [{ field: 'market' }] });
  });

  it("a market in the model's currency without a list: the model's prices; in another currency: 409, never a wrong currency", async () => {
    const at = await priced(await calculate(storeId, headers, { market: 'at' }));
    expect(at).toMatchObject({ total: 112.5, currency: 'EUR', pricing: { market: 'at', list: null } });
    const us = await calculate(storeId, headers, { market: 'us' });
    expect(us.status).toBe(409);
    const body = await us.json<{ code: string; error: string; details: Record<string, unknown> }>();
    expect(body).toMatchObject({ code: 'NO_PRICE_LIST', details: { market: 'us', currency: 'USD' } });
    expect(body.error).toContain('USD');
    // The form too, though this isolate holds the version warm from the requests before.
    expect((await form(storeId, headers, '&market=us')).status).toBe(409);
    expect((await configure(storeId, headers, { market: 'us' })).status).toBe(409);
  });

  it('an unknown market: 404 naming the field; a malformed one: 400', async () => {
    const unknown = await calculate(storeId, headers, { market: 'fr' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND', details: { field: 'market' } });
    expect((await calculate(storeId, headers, { market: 'CH!' })).status).toBe(400);
    // Hostile ids: never a lookup on an object's prototype, never a 500.
    expect((await calculate(storeId, headers, { market: '__proto__' })).status).toBe(400);
    expect((await calculate(storeId, headers, { market: 'constructor' })).status).toBe(404);
    expect((await calculate(storeId, headers, { group: 'constructor' })).status).toBe(403);
    expect((await calculate(storeId, headers, { market: ['ch'] })).status).toBe(400);
    expect((await form(storeId, headers, '&market=fr')).status).toBe(404);
  });
});

describe('configure and the form follow the market', () => {
  it("configure's calculation and pricing", async () => {
    const res = await configure(storeId, headers, { market: 'ch', configuration: { colour: 'cream' } });
    expect(res.status).toBe(200);
    const body = await res.json<{
      calculation: { totals: { price: number; currency: string } };
      pricing: { currency: string };
    }>();
    expect(body.calculation.totals).toMatchObject({ price: 143.25, currency: 'CHF' });
    expect(body.pricing.currency).toBe('CHF');
  });

  it("the form's currency and option prices are the market's list", async () => {
    const res = await form(storeId, headers, '&market=jp');
    expect(res.status).toBe(200);
    const body = await res.json<{
      currency: string;
      pricing: { market: string };
      groups: { fields: { id: string; options?: { id: string; price?: number }[] }[] }[];
    }>();
    expect(body.currency).toBe('JPY');
    expect(body.pricing.market).toBe('jp');
    const colour = body.groups.flatMap((g) => g.fields).find((f) => f.id === 'colour')!;
    expect(colour.options!.map((o) => [o.id, o.price])).toEqual([
      ['white', 1614],
      ['cream', 2340],
    ]);
    const chf = await (await form(storeId, headers, '&market=ch')).json<typeof body>();
    const chfColour = chf.groups.flatMap((g) => g.fields).find((f) => f.id === 'colour')!;
    expect(chfColour.options!.map((o) => o.price)).toEqual([10.75, 15.55]);
  });

  it('each market its own ETag: a tag of one market is no 304 in another', async () => {
    const de = await form(storeId, headers, '&market=de');
    const etag = de.headers.get('ETag')!;
    expect((await form(storeId, { ...headers, 'If-None-Match': etag }, '&market=de')).status).toBe(304);
    const ch = await form(storeId, { ...headers, 'If-None-Match': etag }, '&market=ch');
    expect(ch.status).toBe(200);
    expect(ch.headers.get('ETag')).not.toBe(etag);
  });
});

describe('a store without markets', () => {
  it("prices as before: the model's prices, pricing saying so; naming a market is 404", async () => {
    const plain = await panelStore();
    const { key } = await createKey(plain, ['form:read', 'calculate']);
    const h = { 'X-API-Key': key };
    const answer = await priced(await calculate(plain, h));
    expect(answer).toMatchObject({ total: 112.5, currency: 'EUR' });
    expect(answer.pricing).toEqual({ market: null, group: 'retail', currency: 'EUR', list: null });
    const f = await form(plain, h);
    expect(f.headers.get('Vary')).toBeNull();
    expect((await f.json<{ pricing: unknown }>()).pricing).toEqual(answer.pricing);
    expect((await calculate(plain, h, { market: 'de' })).status).toBe(404);
  });
});

describe('soft defaults compare the list’s prices', () => {
  // A desk lamp cannot take the default linen shade; of the shades that complete, the cheapest replaces it. The
  // model: glass 30, paper 35, so glass. The list: glass 39.00, paper 34.00, so paper.
  const LAMP = `product "Lamp" {
  language: en
  currency: EUR
  list_prices: [shade.price]
}

field base: dropdown {
  label: "Base"
  options {
    floor { label: "Floor" }
    desk { label: "Desk" }
  }
  default: "floor"
}

field shade: dropdown {
  label: "Shade"
  options {
    linen { label: "Linen", price: 40 }
    glass { label: "Glass", price: 30 }
    paper { label: "Paper", price: 35 }
  }
  default: "linen"
}

constraint desk_shade {
  table: [base, shade]
  allow: [["floor", "*"], ["desk", "glass"], ["desk", "paper"]]
  message: "A desk lamp takes a glass or paper shade"
}

price {
  line shade: "Shade" = shade.price
}
`;

  it('the adjusted default is the cheapest in the market’s list, not in the model', async () => {
    const store = await panelStore();
    expect((await saveProduct(store, 'lamp', LAMP)).status).toBe(201);
    await adminOk('POST', `/stores/${store}/price-lists`, { id: 'eur', name: 'Euro', currency: 'EUR' });
    await adminOk('PATCH', `/stores/${store}/price-lists/eur/entries`, {
      version: 1,
      entries: [
        { product: 'lamp', price: 'shade.glass.price', value: '39.00' },
        { product: 'lamp', price: 'shade.paper.price', value: '34.00' },
      ],
    });
    await market(store, { id: 'de', name: 'Germany', currency: 'EUR', price_lists: [{ group: 'retail', list: 'eur' }] });
    await market(store, { id: 'at', name: 'Austria', currency: 'EUR', price_lists: [] });
    const h = await keyFor(store);
    const lamp = (m: string) =>
      call(
        '/api/v1/calculate',
        jsonInit('POST', { tenant_id: store, product_id: 'lamp', market: m, configuration: { base: 'desk' } }, h),
      );
    const listed = await (await lamp('de')).json<{ adjusted: unknown[]; result: { totals: { price: number } } }>();
    expect(listed.adjusted).toEqual([{ field: 'shade', value: 'paper', replaced_default: 'linen' }]);
    expect(listed.result.totals.price).toBe(34);
    const model = await (await lamp('at')).json<typeof listed>();
    expect(model.adjusted).toEqual([{ field: 'shade', value: 'glass', replaced_default: 'linen' }]);
    expect(model.result.totals.price).toBe(30);
  });
});

describe('the request path', () => {
  it('a warm request priced with a list reads no D1: the priced model is the isolate’s', async () => {
    const warm = await priced(await calculate(storeId, headers, { market: 'uk' }));
    // Pull the list's rows from under the service: a warm request must not need them.
    const db = await storeBinding(env, storeId);
    await db.batch([
      db.prepare('DELETE FROM price_list_entries WHERE store_id = ?').bind(storeId),
      db.prepare('DELETE FROM price_list_packs WHERE store_id = ?').bind(storeId),
      db.prepare('DELETE FROM product_versions WHERE store_id = ?').bind(storeId),
    ]);
    expect(await priced(await calculate(storeId, headers, { market: 'uk' }))).toEqual(warm);
  });
});
