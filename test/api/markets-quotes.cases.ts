import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, call, jsonInit } from '../helpers';
import { adminOk, at, calculate, keyFor, market, panelStore, priced, priceList } from './markets-helpers';
import { endpoint } from './webhooks-helpers';

// A price list taking over at its start date, and a quote made under the old list re-priced under the new one
// (issue 45 items 2, 4 and 7). Germany's retail lists: `eur` (no start; base 119.00, cream 14.50: cream 133.50)
// and `eur27` from 2027-01-01 (base 125.00, cream 15.00: cream 140.00). In force on day d: the list valid then with
// the latest valid_from (valid_from ≤ d < valid_to, UTC).

const DAY_BEFORE = '2026-12-31T23:59:59.000Z';
const DAY_OF = '2027-01-01T00:00:00.000Z';

let storeId: string;
let headers: Record<string, string>;

const quotes = (method: string, path: string, body?: Record<string, unknown>) =>
  call(`/api/v1/quotes${path}`, body ? jsonInit(method, { tenant_id: storeId, ...body }, headers) : { method, headers });

const cream = { product_id: 'panel', configuration: { colour: 'cream' } };

interface QuoteJson {
  id: string;
  currency: string;
  totals: { total: number; currency: string; tax: { rate_percent: number; prices: string; amount: number } | null };
  items: { id: string; totals: { price: number } }[];
  pricing: { market: string | null; group: string; currency: string; list: { id: string; version: number } | null };
}

beforeAll(async () => {
  storeId = await panelStore();
  await priceList(
    storeId,
    { id: 'eur', name: 'Euro', currency: 'EUR' },
    { 'line.base': '119.00', 'colour.cream.price': '14.50' },
  );
  await priceList(
    storeId,
    { id: 'eur27', name: 'Euro 2027', currency: 'EUR', valid_from: '2027-01-01' },
    { 'line.base': '125.00', 'colour.cream.price': '15.00' },
  );
  await priceList(storeId, { id: 'chf', name: 'Swiss francs', currency: 'CHF', base: 'eur', factor: '1.0733', rounding: '0.05' });
  const lists = [
    { group: 'retail', list: 'eur' },
    { group: 'retail', list: 'eur27' },
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
    language: 'de-CH',
    tax: { rate: '8.1', prices: 'gross' },
    price_lists: [{ group: 'retail', list: 'chf' }],
  });
  headers = await keyFor(storeId);
});

describe('a list switching at its start date', () => {
  it('the day before: the old list; the day of: the new one', async () => {
    const before = await at(DAY_BEFORE, async () => priced(await calculate(storeId, headers)));
    expect(before).toMatchObject({ total: 133.5, pricing: { list: { id: 'eur', version: 2 } } });
    const dayOf = await at(DAY_OF, async () => priced(await calculate(storeId, headers)));
    expect(dayOf).toMatchObject({ total: 140, lines: { base: 125, colour: 15 }, pricing: { list: { id: 'eur27', version: 2 } } });
  });
});

describe('a quote made under the old list', () => {
  it('is pinned to it, refuses new items once another list is in force, and re-prices under the new one, old/new per item', async () => {
    const made = await at(DAY_BEFORE, () => quotes('POST', '', { items: [cream] }));
    expect(made.status).toBe(201);
    const q = await made.json<QuoteJson>();
    expect(q.totals.total).toBe(133.5);
    expect(q.pricing).toEqual({ market: 'de', group: 'retail', currency: 'EUR', list: { id: 'eur', version: 2 } });

    // After the switch an item priced now would come from another list than the quote's: re-price first.
    const added = await at(DAY_OF, () => quotes('POST', `/${q.id}/items`, cream));
    expect(added.status).toBe(409);
    expect(await added.json()).toMatchObject({
      code: 'CONFLICT',
      details: { price_list: 'eur', in_force: { price_list: 'eur27' } },
    });

    const repriced = await at(DAY_OF, () => quotes('POST', `/${q.id}/reprice`, {}));
    expect(repriced.status).toBe(200);
    const report = await repriced.json<{ quote: QuoteJson; items: Record<string, unknown>[] }>();
    expect(report.items).toEqual([
      expect.objectContaining({
        item_id: q.items[0]!.id,
        old_price: 133.5,
        new_price: 140,
        old_list: { id: 'eur', version: 2 },
        new_list: { id: 'eur27', version: 2 },
        errors: [],
      }),
    ]);
    expect(report.quote.totals.total).toBe(140);
    expect(report.quote.pricing.list).toEqual({ id: 'eur27', version: 2 });
    const second = await at(DAY_OF, () => quotes('POST', `/${q.id}/items`, cream));
    expect(second.status).toBe(200);
    expect((await second.json<QuoteJson>()).totals.total).toBe(280);
  });
});

describe("the quote document shows the market's tax and currency", () => {
  it("a Swiss quote: CHF, 8.1 % included, in the market's language unless the request names one", async () => {
    const made = await quotes('POST', '', { market: 'ch', items: [cream] });
    expect(made.status).toBe(201);
    const q = await made.json<QuoteJson & { language: string }>();
    expect(q.currency).toBe('CHF');
    expect(q.language).toBe('de-CH');
    expect(q.totals.total).toBe(143.25);
    const sent = await quotes('POST', `/${q.id}/send`, {});
    const body = await sent.json<QuoteJson & { share_url: string }>();
    // 8.1 % included in 143.25: 143.25 × 8.1 / 108.1 = 10.7338… → 10.73
    expect(body.totals.tax).toMatchObject({ rate_percent: 8.1, prices: 'gross', amount: 10.73 });
    const html = await (await call(new URL(body.share_url).pathname)).text();
    // Swiss German notation keeps the decimal point.
    expect(html).toContain('CHF');
    expect(html).toContain('8.1');
    expect(html).toContain('10.73');
  });
});

describe('webhooks carry market and currency', () => {
  it('a requested quote’s event', async () => {
    await endpoint(storeId, ['quote.requested']);
    const requester = await keyFor(storeId, { permissions: ['quote:request'] });
    const made = await call('/api/v1/quotes', jsonInit('POST', { tenant_id: storeId, market: 'ch', items: [cream] }, requester));
    expect(made.status).toBe(201);
    const { id } = await made.json<{ id: string }>();
    const row = await env.DB.prepare('SELECT payload FROM webhook_events WHERE subject = ?')
      .bind(id)
      .first<{ payload: string }>();
    const payload = JSON.parse(row!.payload) as { data: { quote: Record<string, unknown> } };
    expect(payload.data.quote).toMatchObject({
      market: 'ch',
      currency: 'CHF',
      customer_group: 'retail',
      price_list: { id: 'chf', version: 1 },
    });
  });
});

it('admin changes to a list reach the next request: a new version prices at once in this isolate', async () => {
  await adminOk('PATCH', `/stores/${storeId}/price-lists/chf/entries`, {
    version: 1,
    entries: [{ product: 'panel', price: 'line.base', value: '130.00' }],
  });
  const answer = await priced(await calculate(storeId, headers, { market: 'ch' }));
  // 130.00 + cream 15.55 (still derived)
  expect(answer).toMatchObject({ total: 145.55, pricing: { list: { id: 'chf', version: 2 } } });
});

it("the store's admin makes a quote in any market, for any group; an unknown market is 404", async () => {
  const made = await admin('POST', `/stores/${storeId}/quotes`, { market: 'ch', items: [cream] });
  expect(made.status).toBe(201);
  expect(await made.json()).toMatchObject({ currency: 'CHF', pricing: { market: 'ch', group: 'retail', list: { id: 'chf' } } });
  const unknown = await admin('POST', `/stores/${storeId}/quotes`, { market: 'fr', items: [cream] });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ details: { field: 'market' } });
});
