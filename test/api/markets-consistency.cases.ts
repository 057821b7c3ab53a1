import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { signIn } from '../backoffice/sign-in';
import { ADMIN_TOKEN, admin, call, jsonInit, saveProduct } from '../helpers';
import { adminOk, calculate, configure, form, keyFor, market, PANEL, panelStore, priced, priceList } from './markets-helpers';

// What an answer says priced it, when this isolate's view of the store's markets (its snapshot: this isolate's for
// a second, else KV's for a minute) lags D1 (docs/api.md, "Markets and price lists"). The panel's `eur` list sets
// base 119.00 and cream 14.50 (version 2: created, then its entries). Another isolate then sets cream to 16.00
// (version 3): D1 has it, this isolate's KV does not yet. Cream: 119.00 + 16.00 = 135.00, which is version 3's.

/** A store selling the panel in `de` with the `eur` list at version 2, and a storefront key. */
async function storeAtVersion2() {
  const storeId = await panelStore();
  await priceList(
    storeId,
    { id: 'eur', name: 'Euro', currency: 'EUR' },
    { 'line.base': '119.00', 'colour.cream.price': '14.50' },
  );
  await market(storeId, {
    id: 'de',
    name: 'Germany',
    currency: 'EUR',
    default: true,
    price_lists: [{ group: 'retail', list: 'eur' }],
  });
  return { storeId, headers: await keyFor(storeId) };
}

/** Another isolate's change of cream to 16.00, as D1 has it: this isolate's snapshot (KV) still names version 2. */
async function changedElsewhere(storeId: string) {
  const db = await storeBinding(env, storeId);
  await db.batch([
    db
      .prepare(
        "UPDATE price_list_entries SET amount = 1600 WHERE store_id = ? AND list_id = 'eur' AND price_key = 'colour.cream.price'",
      )
      .bind(storeId),
    db.prepare("UPDATE price_lists SET version = 3 WHERE store_id = ? AND id = 'eur'").bind(storeId),
  ]);
}

describe('an answer priced while this isolate’s snapshot lags D1', () => {
  it('names the list version its amounts came from, on every answer and in a quote’s pin', async () => {
    const { storeId, headers } = await storeAtVersion2();
    await changedElsewhere(storeId);
    const first = await priced(await calculate(storeId, headers));
    expect(first).toMatchObject({ total: 135, lines: { base: 119, colour: 16 } });
    expect(first.pricing.list).toEqual({ id: 'eur', version: 3, name: 'Euro' });
    // Warm now: the model compiled for this request is found again, still named by the version it holds.
    const again = await priced(await calculate(storeId, headers));
    expect(again).toEqual(first);
    const res = await form(storeId, headers, '&lang=en');
    const body = (await res.json()) as { pricing: { list: { version: number } } };
    expect(res.status).toBe(200);
    expect(body.pricing.list.version).toBe(3);
    expect(res.headers.get('etag')).toContain('eur.3');
    const quote = await call(
      '/api/v1/quotes',
      jsonInit('POST', { tenant_id: storeId, items: [{ product_id: 'panel', configuration: { colour: 'cream' } }] }, headers),
    );
    const made = (await quote.json()) as { pricing: { list: { id: string; version: number } }; totals: { total: number } };
    expect(quote.status, JSON.stringify(made)).toBe(201);
    expect(made.pricing.list).toEqual({ id: 'eur', version: 3 });
  });
});

describe('a derived list changed elsewhere', () => {
  it("prices with the factor D1 holds now, and names that version, not the snapshot's", async () => {
    const { storeId } = await storeAtVersion2();
    // CHF × 1.1 to 0.05 from eur: cream 119.00 × 1.1 = 130.90 and 14.50 × 1.1 = 15.95.
    await priceList(storeId, { id: 'chf', name: 'Francs', currency: 'CHF', base: 'eur', factor: '1.1', rounding: '0.05' });
    await market(storeId, { id: 'ch', name: 'Switzerland', currency: 'CHF', price_lists: [{ group: 'retail', list: 'chf' }] });
    const headers = await keyFor(storeId);
    // Another isolate sets the factor to 1.2 (version 2): base 142.80, cream 17.40.
    const db = await storeBinding(env, storeId);
    await db.prepare("UPDATE price_lists SET factor = '1.2', version = 2 WHERE store_id = ? AND id = 'chf'").bind(storeId).run();
    const answer = await priced(await calculate(storeId, headers, { market: 'ch' }));
    expect(answer).toMatchObject({ total: 160.2, currency: 'CHF', lines: { base: 142.8, colour: 17.4 } });
    expect(answer.pricing.list).toEqual({ id: 'chf', version: 2, name: 'Francs' });
  });
});

describe('deleting a product', () => {
  it('deletes its price list entries with it, each list a new version whose history counts them', async () => {
    const { storeId, headers } = await storeAtVersion2();
    await priceList(storeId, { id: 'other', name: 'Other', currency: 'EUR' });
    expect((await adminOk('DELETE', `/stores/${storeId}/products/panel`)) as object).toEqual({});
    const list = (await adminOk('GET', `/stores/${storeId}/price-lists/eur`)) as { version: number; entries: number };
    expect(list).toMatchObject({ version: 3, entries: 0 });
    const csv = await admin('GET', `/stores/${storeId}/price-lists/eur/entries.csv`);
    expect(await csv.text()).toBe('product,price,value\r\n');
    const history = (await adminOk('GET', `/stores/${storeId}/price-lists/eur/history`)) as {
      changes: { version: number; kind: string; removed: number; actor: string }[];
    };
    expect(history.changes[0]).toMatchObject({ version: 3, kind: 'entries', removed: 2, actor: 'admin token' });
    // A list that held none of its entries is untouched.
    expect(await adminOk('GET', `/stores/${storeId}/price-lists/other`)).toMatchObject({ version: 1 });
    // The id used again starts without the old product's prices: the model's (base 100 + cream 12.50).
    expect((await saveProduct(storeId, 'panel', PANEL)).status).toBe(201);
    const fresh = await priced(await calculate(storeId, headers));
    expect(fresh).toMatchObject({ total: 112.5, lines: { base: 100, colour: 12.5 } });
    expect(fresh.pricing.list).toEqual({ id: 'eur', version: 3, name: 'Euro' });
  });
});

describe('deleting a market', () => {
  it('is 409 naming how many quotes are priced in it; a market no quote names goes', async () => {
    const { storeId, headers } = await storeAtVersion2();
    await market(storeId, { id: 'at', name: 'Austria', currency: 'EUR', price_lists: [{ group: 'retail', list: 'eur' }] });
    const cream = { product_id: 'panel', configuration: { colour: 'cream' } };
    for (let i = 0; i < 2; i++) {
      const made = await call('/api/v1/quotes', jsonInit('POST', { tenant_id: storeId, market: 'at', items: [cream] }, headers));
      expect(made.status).toBe(201);
    }
    const refused = await admin('DELETE', `/stores/${storeId}/markets/at`);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; error: string; details: { quotes: number } };
    expect(body).toMatchObject({ code: 'CONFLICT', details: { quotes: 2 } });
    expect(body.error).toContain('2 quotes');
    expect(await adminOk('GET', `/stores/${storeId}/markets/at`)).toMatchObject({ id: 'at' });
    await market(storeId, { id: 'ch', name: 'Switzerland', currency: 'EUR' });
    expect((await admin('DELETE', `/stores/${storeId}/markets/ch`)).status).toBe(204);
  });
});

describe('a price list whose factors take an amount past 10^12', () => {
  it('is a 409 naming the price on every route that prices, never a 500', async () => {
    const { storeId, headers } = await storeAtVersion2();
    // 119.00 × 999,999 × 999,999 ≈ 1.19 × 10^14.
    await priceList(storeId, { id: 'big', name: 'Big', currency: 'EUR', base: 'eur', factor: '999999' });
    await priceList(storeId, { id: 'bigger', name: 'Bigger', currency: 'EUR', base: 'big', factor: '999999' });
    await market(storeId, { id: 'xx', name: 'Far', currency: 'EUR', price_lists: [{ group: 'retail', list: 'bigger' }] });
    const cream = { product_id: 'panel', configuration: { colour: 'cream' } };
    const answers: [string, Response][] = [
      ['calculate', await calculate(storeId, headers, { market: 'xx' })],
      ['configure', await configure(storeId, headers, { market: 'xx' })],
      ['form', await form(storeId, headers, '&market=xx')],
      ['quote', await call('/api/v1/quotes', jsonInit('POST', { tenant_id: storeId, market: 'xx', items: [cream] }, headers))],
      ['desk quote', await admin('POST', `/stores/${storeId}/quotes`, { market: 'xx', items: [cream] })],
      ['grid', await admin('GET', `/stores/${storeId}/price-lists/bigger/entries?product=panel`)],
    ];
    for (const [what, res] of answers) {
      expect(res.status, what).toBe(409);
      expect(await res.json(), what).toMatchObject({ code: 'CONFLICT', details: { price: expect.any(String) } });
    }
    // A quote priced in de, re-priced once de's list is moved onto the chain.
    const made = await call('/api/v1/quotes', jsonInit('POST', { tenant_id: storeId, items: [cream] }, headers));
    const quote = (await made.json()) as { id: string };
    expect(made.status).toBe(201);
    await adminOk('PUT', `/stores/${storeId}/markets/de`, {
      name: 'Germany',
      currency: 'EUR',
      price_lists: [{ group: 'retail', list: 'bigger' }],
    });
    const repriced = await call(`/api/v1/quotes/${quote.id}/reprice`, jsonInit('POST', { tenant_id: storeId }, headers));
    expect(repriced.status).toBe(409);
    // The backoffice's grid of the list says why instead of failing.
    const { cookie } = await signIn();
    const page = await call(`/admin/stores/${storeId}/price-lists/bigger`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('past 10^12');
  });
});

// Packs (migrations/0023_price_list_packs.sql): each product's entries of a list as one value, valid for the list's
// version, which a price book reads instead of the entry rows.

/** The store's packs as D1 holds them; checked equal to its entries grouped by list and product, at each list's version. */
async function packsMatchEntries(storeId: string) {
  const db = await storeBinding(env, storeId);
  const [packs, entries, lists] = await db.batch<Record<string, string | number>>([
    db.prepare('SELECT list_id, product_id, version, data FROM price_list_packs WHERE store_id = ? ORDER BY 1, 2').bind(storeId),
    db
      .prepare('SELECT list_id, product_id, price_key, amount FROM price_list_entries WHERE store_id = ? ORDER BY 1, 2, 3')
      .bind(storeId),
    db.prepare('SELECT id, version FROM price_lists WHERE store_id = ?').bind(storeId),
  ]);
  const versions = new Map(lists!.results.map((l) => [l.id, l.version]));
  const expected = new Map<string, { list: unknown; product: unknown; version: unknown; data: Record<string, unknown> }>();
  for (const e of entries!.results) {
    const key = `${e.list_id}/${e.product_id}`;
    const pack = expected.get(key) ?? {
      list: e.list_id,
      product: e.product_id,
      version: versions.get(e.list_id as string),
      data: {},
    };
    pack.data[e.price_key as string] = e.amount;
    expected.set(key, pack);
  }
  const found = packs!.results.map((p) => ({
    list: p.list_id,
    product: p.product_id,
    version: p.version,
    data: JSON.parse(p.data as string),
  }));
  expect(found).toEqual([...expected.values()]);
  return found.length;
}

const importCsv = (storeId: string, text: string, version: number) =>
  call(`/api/admin/stores/${storeId}/price-lists/eur/entries.csv?version=${version}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'text/csv' },
    body: text,
  });

describe('price list packs', () => {
  it('every write keeps them equal to the entries, at the list’s version, and books serve the entries', async () => {
    const { storeId, headers } = await storeAtVersion2();
    expect(await packsMatchEntries(storeId)).toBe(1);
    expect((await saveProduct(storeId, 'panel2', PANEL)).status).toBe(201);
    const other = () => calculate(storeId, headers, { product_id: 'panel2' });
    await adminOk('PATCH', `/stores/${storeId}/price-lists/eur/entries`, {
      version: 2,
      entries: [{ product: 'panel2', price: 'line.base', value: '50.00' }],
    });
    expect(await packsMatchEntries(storeId)).toBe(2);
    expect(await priced(await calculate(storeId, headers))).toMatchObject({ total: 133.5, pricing: { list: { version: 3 } } });
    expect(await priced(await other())).toMatchObject({ total: 62.5, lines: { base: 50, colour: 12.5 } });
    // A CSV import: cream 15.00 (version 4).
    expect((await importCsv(storeId, 'product,price,value\npanel,colour.cream.price,15\n', 3)).status).toBe(200);
    expect(await packsMatchEntries(storeId)).toBe(2);
    expect(await priced(await calculate(storeId, headers))).toMatchObject({ total: 134, lines: { colour: 15 } });
    // Settings (version 5): the packs follow, their entries unchanged.
    await adminOk('PUT', `/stores/${storeId}/price-lists/eur`, { name: 'Euro 2', currency: 'EUR', version: 4 });
    expect(await packsMatchEntries(storeId)).toBe(2);
    expect(await priced(await calculate(storeId, headers))).toMatchObject({ total: 134, pricing: { list: { version: 5 } } });
    // Deleting panel2 (version 6): its pack goes, panel's follows the list.
    await adminOk('DELETE', `/stores/${storeId}/products/panel2`);
    expect(await packsMatchEntries(storeId)).toBe(1);
    expect(await priced(await calculate(storeId, headers))).toMatchObject({ total: 134, pricing: { list: { version: 6 } } });
    // Removing panel's last entries drops its pack (version 7).
    await adminOk('PATCH', `/stores/${storeId}/price-lists/eur/entries`, {
      version: 6,
      entries: [
        { product: 'panel', price: 'line.base', value: null },
        { product: 'panel', price: 'colour.cream.price', value: null },
      ],
    });
    expect(await packsMatchEntries(storeId)).toBe(0);
    expect(await priced(await calculate(storeId, headers))).toMatchObject({ total: 112.5, pricing: { list: { version: 7 } } });
    // A deleted list's packs go with it.
    await priceList(storeId, { id: 'spare', name: 'Spare', currency: 'EUR' }, { 'line.base': '1.00' });
    expect(await packsMatchEntries(storeId)).toBe(1);
    await adminOk('DELETE', `/stores/${storeId}/price-lists/spare`);
    expect(await packsMatchEntries(storeId)).toBe(0);
  });

  it('a book reads the pack, not the rows, when the pack is valid for the list’s version', async () => {
    const { storeId, headers } = await storeAtVersion2();
    const db = await storeBinding(env, storeId);
    // Behind the service's back, before any book of this store was read: the rows go, the pack stays.
    await db.prepare('DELETE FROM price_list_entries WHERE store_id = ?').bind(storeId).run();
    expect(await priced(await calculate(storeId, headers))).toMatchObject({ total: 133.5, lines: { base: 119, colour: 14.5 } });
  });

  it('a pack of another version, or of none, is not used: the rows are', async () => {
    const { storeId, headers } = await storeAtVersion2();
    const db = await storeBinding(env, storeId);
    await db
      .prepare(`UPDATE price_list_packs SET version = 1, data = '{"line.base": 1, "colour.cream.price": 1}' WHERE store_id = ?`)
      .bind(storeId)
      .run();
    expect(await priced(await calculate(storeId, headers))).toMatchObject({ total: 133.5, lines: { base: 119, colour: 14.5 } });
  });
});
