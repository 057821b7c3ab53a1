import { beforeAll, describe, expect, it } from 'vitest';
import { call, jsonInit, saveProduct } from '../helpers';
import { adminOk, calculate, configure, form, keyFor, market, PANEL, panelStore, priced, priceList } from './markets-helpers';

// A dealer key and a retail key on the same product (issue 45 item 3): the dealer list is the retail list less
// 30 %, rounded to the cent. Retail (EUR list): base 119.00 + cream 14.50 = 133.50. Dealer: 119 × 0.7 = 83.30,
// 14.50 × 0.7 = 10.15, total 93.45. No dealer amount may reach a retail key: not through form, configure,
// calculate, quotes, the share page, an error message or a cache.

let storeId: string;
let retail: Record<string, string>;
let dealer: Record<string, string>;
let swiss: Record<string, string>;

const DEALER_AMOUNTS = ['93.45', '83.3', '10.15', '93,45', '83,30', '10,15'];

function noDealerPrice(text: string): void {
  for (const amount of DEALER_AMOUNTS) expect(text).not.toContain(amount);
}

beforeAll(async () => {
  storeId = await panelStore();
  await adminOk('POST', `/stores/${storeId}/customer-groups`, { id: 'dealer', name: 'Dealers' });
  await priceList(
    storeId,
    { id: 'eur', name: 'Euro', currency: 'EUR' },
    { 'line.base': '119.00', 'colour.cream.price': '14.50' },
  );
  await priceList(storeId, { id: 'eur-dealer', name: 'Dealer euro', currency: 'EUR', base: 'eur', factor: '0.7' });
  await priceList(storeId, { id: 'chf', name: 'Swiss francs', currency: 'CHF', base: 'eur', factor: '1.0733', rounding: '0.05' });
  const lists = [
    { group: 'retail', list: 'eur' },
    { group: 'dealer', list: 'eur-dealer' },
  ];
  await market(storeId, {
    id: 'de',
    name: 'Germany',
    currency: 'EUR',
    tax: { rate: '19', prices: 'gross' },
    default: true,
    price_lists: lists,
  });
  await market(storeId, {
    id: 'ch',
    name: 'Switzerland',
    currency: 'CHF',
    tax: { rate: '8.1', prices: 'gross' },
    price_lists: [{ group: 'retail', list: 'chf' }],
  });
  retail = await keyFor(storeId);
  dealer = await keyFor(storeId, { customer_group: 'dealer' });
  swiss = await keyFor(storeId, { markets: ['ch'] });
});

describe('a dealer key and a retail key on the same product', () => {
  it('calculate: each its own group’s list', async () => {
    const r = await priced(await calculate(storeId, retail));
    expect(r).toMatchObject({ total: 133.5, lines: { base: 119, colour: 14.5 } });
    expect(r.pricing).toMatchObject({ group: 'retail', list: { id: 'eur' } });
    const d = await priced(await calculate(storeId, dealer));
    expect(d).toMatchObject({ total: 93.45, lines: { base: 83.3, colour: 10.15 } });
    expect(d.pricing).toMatchObject({ group: 'dealer', list: { id: 'eur-dealer' } });
  });

  it('a group the key is not bound to is 403 naming the field, on every route, and says no dealer price', async () => {
    const refused = [
      await calculate(storeId, retail, { group: 'dealer' }),
      await calculate(storeId, retail, {}, '?group=dealer'),
      await configure(storeId, retail, { group: 'dealer', configuration: { colour: 'cream' } }),
      await form(storeId, retail, '&group=dealer'),
      await call(
        '/api/v1/quotes',
        jsonInit('POST', { tenant_id: storeId, group: 'dealer', items: [{ product_id: 'panel', configuration: {} }] }, retail),
      ),
      // A dealer key may not ask for retail prices either: a key prices its own group.
      await calculate(storeId, dealer, { group: 'retail' }),
    ];
    for (const res of refused) {
      const text = await res.text();
      expect(res.status, text).toBe(403);
      expect(JSON.parse(text)).toMatchObject({ code: 'FORBIDDEN' });
      expect(text).toContain('group');
      noDealerPrice(text);
    }
  });

  it('an unknown group is 403 too for a key that may not ask for it, so group ids do not leak', async () => {
    const res = await calculate(storeId, retail, { group: 'no-such-group' });
    expect(res.status).toBe(403);
    const known = await calculate(storeId, retail, { group: 'dealer' });
    expect(known.status).toBe(403);
    expect((await res.json<{ error: string }>()).error.replace('no-such-group', 'dealer')).toBe(
      (await known.json<{ error: string }>()).error,
    );
  });

  it('configure: the dealer list for the dealer key only', async () => {
    const body = async (h: Record<string, string>) => {
      const res = await configure(storeId, h, { configuration: { colour: 'cream' } });
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(JSON.parse(await body(dealer)).calculation.totals.price).toBe(93.45);
    const text = await body(retail);
    expect(JSON.parse(text).calculation.totals.price).toBe(133.5);
    noDealerPrice(text);
  });

  it('the edge-cached form: a dealer form cached first is never a retail key’s answer', async () => {
    // A new version, which no isolate has compiled: the dealer's form is then the location's cache's first, put
    // there by its request, and the retail key's request looks there before it renders its own.
    expect((await saveProduct(storeId, 'panel', `${PANEL}\n// a new version\n`)).status).toBe(200);
    const d = await form(storeId, dealer);
    expect(d.status).toBe(200);
    const dealerTag = d.headers.get('ETag')!;
    const dealerForm = await d.json<{ pricing: { group: string } }>();
    expect(dealerForm.pricing.group).toBe('dealer');
    expect(JSON.stringify(dealerForm)).toContain('10.15');
    // Let the cache put land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const r = await form(storeId, { ...retail, 'If-None-Match': dealerTag });
    expect(r.status).toBe(200);
    expect(r.headers.get('ETag')).not.toBe(dealerTag);
    expect(r.headers.get('Vary')).toContain('X-API-Key');
    const text = await r.text();
    expect(JSON.parse(text).pricing.group).toBe('retail');
    expect(text).toContain('14.5');
    noDealerPrice(text);
  });

  it('quotes and the share page: each key’s quote in its own group’s prices', async () => {
    const create = (h: Record<string, string>) =>
      call(
        '/api/v1/quotes',
        jsonInit('POST', { tenant_id: storeId, items: [{ product_id: 'panel', configuration: { colour: 'cream' } }] }, h),
      );
    const dq = await (await create(dealer)).json<{ totals: { total: number }; pricing: unknown }>();
    expect(dq.totals.total).toBe(93.45);
    expect(dq.pricing).toEqual({ market: 'de', group: 'dealer', currency: 'EUR', list: { id: 'eur-dealer', version: 1 } });
    const made = await create(retail);
    expect(made.status).toBe(201);
    const rq = await made.json<{ id: string; totals: { total: number }; pricing: unknown }>();
    expect(rq.totals.total).toBe(133.5);
    expect(rq.pricing).toEqual({ market: 'de', group: 'retail', currency: 'EUR', list: { id: 'eur', version: 2 } });
    const sent = await call(`/api/v1/quotes/${rq.id}/send`, jsonInit('POST', { tenant_id: storeId }, retail));
    const page = await call(new URL((await sent.json<{ share_url: string }>()).share_url).pathname);
    const html = await page.text();
    expect(html).toContain('133.50');
    noDealerPrice(html);
  });
});

describe('a key limited to markets', () => {
  it('defaults to its only market, and is refused any other with 403 naming the field', async () => {
    expect((await priced(await calculate(storeId, swiss))).pricing).toMatchObject({ market: 'ch', currency: 'CHF' });
    const res = await calculate(storeId, swiss, { market: 'de' });
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'FORBIDDEN' });
    expect(text).toContain('market');
    expect((await form(storeId, swiss, '&market=de')).status).toBe(403);
  });
});
