import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, admin, call, createStore, saveProduct } from '../helpers';
import { gridProduct, ok, storeWithWindow } from './price-lists-helpers';

const eur = { id: 'eur', name: 'Retail EUR', currency: 'EUR' };
/** A PUT's settings (the id is the path's). */
const settings = { name: 'Retail EUR', currency: 'EUR' };
const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const csv = (s: string, list: string, text: string, query = '', headers: Record<string, string> = {}) =>
  call(`/api/admin/stores/${s}/price-lists/${list}/entries.csv${query}`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'text/csv', ...headers },
    body: text,
  });
const grid = (s: string, list: string, product = 'window') =>
  ok<{
    list: { version: number };
    product_currency: string;
    rows: { price: string; model: string; value: string | null; effective: string; source: string }[];
  }>(admin('GET', `/stores/${s}/price-lists/${list}/entries?product=${product}`));
const patch = (s: string, list: string, version: number, entries: unknown[]) =>
  admin('PATCH', `/stores/${s}/price-lists/${list}/entries`, { version, entries });

describe('price list settings', () => {
  it('creates a list at version 1 and bumps the version on each change of settings', async () => {
    const s = await createStore();
    const created = await ok(admin('POST', `/stores/${s}/price-lists`, { ...eur, valid_from: '2027-01-01' }), 201);
    expect(created).toMatchObject({
      id: 'eur',
      currency: 'EUR',
      valid_from: '2027-01-01',
      valid_to: null,
      base: null,
      factor: '1',
      rounding: 'minor',
      version: 1,
      entries: 0,
    });
    const changed = await ok(admin('PUT', `/stores/${s}/price-lists/eur`, { ...settings, name: 'EUR 2027', version: 1 }));
    expect(changed).toMatchObject({ name: 'EUR 2027', version: 2 });
    // Unchanged settings make no version.
    expect(await ok(admin('PUT', `/stores/${s}/price-lists/eur`, { ...settings, name: 'EUR 2027' }))).toMatchObject({
      version: 2,
    });
    const stale = await admin('PUT', `/stores/${s}/price-lists/eur`, { ...settings, name: 'late', version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'CONFLICT', details: { version: 2 } });
    expect((await ok<{ price_lists: unknown[] }>(admin('GET', `/stores/${s}/price-lists`))).price_lists).toHaveLength(1);
  });

  it.each([
    ['an unknown currency', { currency: 'EURO' }, 'currency'],
    ['a bad id', { id: 'EUR' }, 'id'],
    ['__proto__ as id', { id: '__proto__' }, 'id'],
    ['a day that is not one', { valid_from: '2027-02-30' }, 'valid_from'],
    ['valid_to before valid_from', { valid_from: '2027-01-01', valid_to: '2026-12-31' }, 'valid_to'],
    ['a zero factor', { factor: '0' }, 'factor'],
    ['a float factor', { factor: 0.7 }, 'factor'],
    ['an unknown rounding', { rounding: 'banker' }, 'rounding'],
    ['a step finer than the yen', { currency: 'JPY', rounding: '0.05' }, 'rounding'],
    ['an ending the yen has not', { currency: 'JPY', rounding: '.99' }, 'rounding'],
    ['an unknown base', { base: 'nope' }, 'base'],
  ])('400s %s naming the field', async (_, extra, field) => {
    const s = await createStore();
    const res = await admin('POST', `/stores/${s}/price-lists`, { ...eur, ...extra });
    expect(res.status).toBe(400);
    const body = await res.json<{ errors: { field: string }[] }>();
    expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it('refuses a cycle and a chain deeper than three bases, and a base or a market-used list being deleted', async () => {
    const s = await createStore();
    await ok(admin('POST', `/stores/${s}/price-lists`, { ...eur, id: 'a' }), 201);
    await ok(admin('POST', `/stores/${s}/price-lists`, { ...eur, id: 'b', base: 'a' }), 201);
    await ok(admin('POST', `/stores/${s}/price-lists`, { ...eur, id: 'c', base: 'b' }), 201);
    await ok(admin('POST', `/stores/${s}/price-lists`, { ...eur, id: 'd', base: 'c' }), 201);
    const deep = await admin('POST', `/stores/${s}/price-lists`, { ...eur, id: 'e', base: 'd' });
    expect(deep.status).toBe(400);
    const cycle = await admin('PUT', `/stores/${s}/price-lists/a`, { ...settings, base: 'c' });
    expect(cycle.status).toBe(400);
    expect((await cycle.json<{ errors: { field: string }[] }>()).errors[0]!.field).toBe('base');
    const base = await admin('DELETE', `/stores/${s}/price-lists/c`);
    expect(base.status).toBe(409);
    expect(await base.json()).toMatchObject({ details: { price_lists: ['d'] } });
    expect((await admin('DELETE', `/stores/${s}/price-lists/d`)).status).toBe(204);
    expect((await admin('DELETE', `/stores/${s}/price-lists/c`)).status).toBe(204);
  });

  it("404s another store's list and __proto__, and 409s a taken id or a currency change with entries", async () => {
    const s = await storeWithWindow(eur);
    const other = await createStore();
    for (const path of ['', '/history', '/entries?product=window', '/entries.csv', '/diff?against=eur']) {
      expect((await admin('GET', `/stores/${other}/price-lists/eur${path}`)).status).toBe(404);
    }
    expect((await patch(other, 'eur', 1, [{ product: 'window', price: 'line.fixed', value: '1' }])).status).toBe(404);
    expect((await admin('GET', `/stores/${s}/price-lists/__proto__`)).status).toBe(404);
    expect((await admin('POST', `/stores/${s}/price-lists`, eur)).status).toBe(409);
    await ok(patch(s, 'eur', 1, [{ product: 'window', price: 'line.fixed', value: '70' }]));
    expect((await admin('PUT', `/stores/${s}/price-lists/eur`, { ...settings, currency: 'CHF' })).status).toBe(409);
  });
});

describe('entries', () => {
  it("shows a product's grid: the model's number, the entry, the effective amount and where it comes from", async () => {
    const s = await storeWithWindow(eur, {
      id: 'dealer',
      name: 'Dealer',
      currency: 'EUR',
      base: 'eur',
      factor: '0.7',
      rounding: '0.05',
    });
    await ok(
      patch(s, 'eur', 1, [
        { product: 'window', price: 'base[1000,1000]', value: '110' },
        { product: 'window', price: 'opening.tilt.price', value: '44.90' },
      ]),
    );
    const retail = await grid(s, 'eur');
    expect(retail.list.version).toBe(2);
    expect(retail.product_currency).toBe('EUR');
    const row = (g: typeof retail, price: string) => g.rows.find((r) => r.price === price);
    expect(row(retail, 'base[1000,1000]')).toMatchObject({ model: '100', value: '110.00', effective: '110.00', source: 'entry' });
    expect(row(retail, 'glass_m2[*]')).toMatchObject({ model: '55.5', value: null, effective: '55.50', source: 'model' });
    const dealer = await grid(s, 'dealer');
    // 110 × 0.7 = 77.00; 44.90 × 0.7 = 31.43 → 31.45 (0.05); 55.5 × 0.7 = 38.85; 65 × 0.7 = 45.50.
    expect(row(dealer, 'base[1000,1000]')).toMatchObject({ value: null, effective: '77.00', source: 'derived' });
    expect(row(dealer, 'opening.tilt.price')).toMatchObject({ effective: '31.45', source: 'derived' });
    expect(row(dealer, 'glass_m2[*]')).toMatchObject({ effective: '38.85', source: 'model' });
    expect(row(dealer, 'line.fixed')).toMatchObject({ effective: '45.50', source: 'model' });
    expect((await admin('GET', `/stores/${s}/price-lists/eur/entries?product=nope`)).status).toBe(404);
  });

  it('pages a large grid: at most 1,000 rows an answer, with the total and where the next page starts', async () => {
    const s = await createStore();
    expect((await saveProduct(s, 'grid', gridProduct(40))).status).toBe(201);
    await ok(admin('POST', `/stores/${s}/price-lists`, eur), 201);
    const first = await ok<{ total: number; rows: { price: string }[]; next_offset: number | null }>(
      admin('GET', `/stores/${s}/price-lists/eur/entries?product=grid`),
    );
    expect([first.total, first.rows.length, first.next_offset]).toEqual([1_600, 1_000, 1_000]);
    const rest = await ok<{ rows: { price: string }[]; next_offset: number | null }>(
      admin('GET', `/stores/${s}/price-lists/eur/entries?product=grid&offset=1000`),
    );
    expect([rest.rows.length, rest.next_offset, rest.rows[0]!.price]).toEqual([600, null, 'cell[260,10]']);
    expect((await admin('GET', `/stores/${s}/price-lists/eur/entries?product=grid&limit=1001`)).status).toBe(400);
  });

  it('PATCH: a stale version is a 409 and changes nothing; null removes an entry', async () => {
    const s = await storeWithWindow(eur);
    const first = await ok(patch(s, 'eur', 1, [{ product: 'window', price: 'line.fixed', value: '70' }]));
    expect(first).toEqual({ list: { id: 'eur', version: 2, currency: 'EUR' }, added: 1, changed: 0, removed: 0 });
    const stale = await patch(s, 'eur', 1, [{ product: 'window', price: 'line.fixed', value: '99' }]);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'CONFLICT', details: { version: 2 } });
    expect((await grid(s, 'eur')).rows.find((r) => r.price === 'line.fixed')?.value).toBe('70.00');
    const removed = await ok(patch(s, 'eur', 2, [{ product: 'window', price: 'line.fixed', value: null }]));
    expect(removed).toMatchObject({ list: { version: 3 }, removed: 1 });
    expect((await grid(s, 'eur')).rows.find((r) => r.price === 'line.fixed')?.value).toBeNull();
  });

  it('PATCH: two writers of the same version: one wins, the other gets 409, nothing is lost or mixed', async () => {
    const s = await storeWithWindow(eur);
    const [a, b] = await Promise.all([
      patch(s, 'eur', 1, [{ product: 'window', price: 'line.fixed', value: '1' }]),
      patch(s, 'eur', 1, [{ product: 'window', price: 'line.fixed', value: '2' }]),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? '1.00' : '2.00';
    expect((await grid(s, 'eur')).rows.find((r) => r.price === 'line.fixed')?.value).toBe(winner);
    expect((await grid(s, 'eur')).list.version).toBe(2);
  });

  it.each([
    [[{ product: 'nope', price: 'line.fixed', value: '1' }], 'entries.0.product'],
    [
      [
        { product: 'window', price: 'line.fixed', value: '1' },
        { product: 'window', price: 'line.frame', value: '1' },
      ],
      'entries.1.price',
    ],
    [[{ product: 'window', price: 'line.fixed', value: '1.234' }], 'entries.0.value'],
    [[{ product: 'window', price: 'line.fixed', value: 'NaN' }], 'entries.0.value'],
    [[{ product: 'window', price: 'line.fixed', value: '1e3' }], 'entries.0.value'],
    [[{ product: 'window', price: 'line.fixed', value: 12 }], 'entries.0.value'],
    [[{ product: '__proto__', price: 'line.fixed', value: '1' }], 'entries.0.product'],
  ])('PATCH: 400s a bad row naming it, writing nothing: %j', async (entries, field) => {
    const s = await storeWithWindow(eur);
    const res = await patch(s, 'eur', 1, entries);
    expect(res.status).toBe(400);
    expect((await res.json<{ errors: { field: string }[] }>()).errors.map((e) => e.field)).toContain(field);
    expect((await grid(s, 'eur')).list.version).toBe(1);
    expect((await grid(s, 'eur')).rows.every((r) => r.value === null)).toBe(true);
  });

  it('PATCH: takes 10,000 rows and refuses 10,001', async () => {
    const s = await createStore();
    expect((await saveProduct(s, 'grid', gridProduct(100))).status).toBe(201);
    await ok(admin('POST', `/stores/${s}/price-lists`, eur), 201);
    const rows = Array.from({ length: 100 * 100 }, (_, k) => ({
      product: 'grid',
      price: `cell[${(Math.floor(k / 100) + 1) * 10},${((k % 100) + 1) * 10}]`,
      value: `${k}.5`,
    }));
    expect(await ok(patch(s, 'eur', 1, rows))).toMatchObject({ added: 10_000 });
    const over = await patch(s, 'eur', 2, [...rows, rows[0]]);
    expect(over.status).toBe(400);
    expect(await ok(admin('GET', `/stores/${s}/price-lists/eur`))).toMatchObject({ version: 2, entries: 10_000 });
  });
});

describe('hostile input', () => {
  it('400s a __proto__ key in a body and 413s entries past 4 MiB, writing nothing', async () => {
    const s = await storeWithWindow(eur);
    const proto = await call(`/api/admin/stores/${s}/price-lists/eur/entries`, {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{"version":1,"entries":[{"product":"window","price":"line.fixed","value":"1"}],"__proto__":{"version":9}}',
    });
    expect(proto.status).toBe(400);
    const huge = `product,price,value\n${'window,line.fixed,1\n'.repeat(230_000)}`;
    expect((await csv(s, 'eur', huge)).status).toBe(413);
    expect(await ok(admin('GET', `/stores/${s}/price-lists/eur`))).toMatchObject({ version: 1, entries: 0 });
  });

  it("409s a derived amount the chain's factors take past 10^12, naming the price", async () => {
    const s = await storeWithWindow(eur, { id: 'big', name: 'Big', currency: 'EUR', base: 'eur', factor: '999999' });
    await ok(patch(s, 'eur', 1, [{ product: 'window', price: 'line.fixed', value: '999999999' }]));
    const res = await admin('GET', `/stores/${s}/price-lists/big/entries?product=window`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'CONFLICT', details: { price: 'line.fixed' } });
  });
});

describe('CSV', () => {
  it('imports a file, exports it back, and an empty value removes an entry', async () => {
    const s = await storeWithWindow(eur);
    const file = 'product,price,value\r\nwindow,"base[1000,1000]",110\r\nwindow,"glass_m2[*]",60.5\r\n';
    const res = await csv(s, 'eur', file, '?version=1');
    expect(await ok(res)).toEqual({ list: { id: 'eur', version: 2, currency: 'EUR' }, added: 2, changed: 0, removed: 0 });
    const out = await call(`/api/admin/stores/${s}/price-lists/eur/entries.csv`, { headers: auth });
    expect(out.status).toBe(200);
    expect(out.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(out.headers.get('ETag')).toBe('"v2"');
    expect(await out.text()).toBe('product,price,value\r\nwindow,"base[1000,1000]",110.00\r\nwindow,glass_m2[*],60.50\r\n');
    const removal = await ok(csv(s, 'eur', 'product,price,value\nwindow,glass_m2[*],\n', '', { 'If-Match': '"v2"' }));
    expect(removal).toMatchObject({ list: { version: 3 }, removed: 1 });
    const one = await call(`/api/admin/stores/${s}/price-lists/eur/entries.csv?product=nope`, { headers: auth });
    expect(await one.text()).toBe('product,price,value\r\n');
  });

  it('rejects the whole file on one bad row, naming its line and column; nothing is half-applied', async () => {
    const s = await storeWithWindow(eur);
    const cases: [string, number, number][] = [
      ['product,price,value\nwindow,line.fixed,70\nwindow,line.fixed,abc\n', 3, 3],
      ['product,price,value\nwindow,line.fixed,70\nghost,line.fixed,1\n', 3, 1],
      ['value,product,price\n70,window,line.fixed\n1,window,no.such.key\n', 3, 3],
      ['product,price\nwindow,line.fixed\n', 1, 3],
    ];
    for (const [file, line, column] of cases) {
      const res = await csv(s, 'eur', file);
      expect(res.status, file).toBe(400);
      const body = await res.json<{ code: string; details: { errors: { line: number; column: number; message: string }[] } }>();
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.details.errors[0], file).toMatchObject({ line, column, message: expect.any(String) });
    }
    expect(await ok(admin('GET', `/stores/${s}/price-lists/eur`))).toMatchObject({ version: 1, entries: 0 });
  });

  it('412s a stale If-Match, 409s a stale ?version=, 415s another content type', async () => {
    const s = await storeWithWindow(eur);
    const file = 'product,price,value\nwindow,line.fixed,70\n';
    expect((await csv(s, 'eur', file, '', { 'If-Match': '"v7"' })).status).toBe(412);
    expect((await csv(s, 'eur', file, '?version=7')).status).toBe(409);
    expect((await csv(s, 'eur', file, '', { 'Content-Type': 'application/xml' })).status).toBe(415);
  });

  it('takes 10,000 rows and rejects 10,001', async () => {
    const s = await createStore();
    expect((await saveProduct(s, 'grid', gridProduct(100))).status).toBe(201);
    await ok(admin('POST', `/stores/${s}/price-lists`, eur), 201);
    const lines = Array.from(
      { length: 10_000 },
      (_, k) => `grid,"cell[${(Math.floor(k / 100) + 1) * 10},${((k % 100) + 1) * 10}]",${k}`,
    );
    expect(await ok(csv(s, 'eur', `product,price,value\n${lines.join('\n')}\n`))).toMatchObject({ added: 10_000 });
    const over = await csv(s, 'eur', `product,price,value\n${lines.join('\n')}\ngrid,"cell[10,10]",1\n`);
    expect(over.status).toBe(400);
    const body = await over.json<{ details: { errors: { line: number }[] } }>();
    expect(body.details.errors[0]!.line).toBe(10_002);
    expect(await ok(admin('GET', `/stores/${s}/price-lists/eur`))).toMatchObject({ version: 2, entries: 10_000 });
  });
});

describe('diff and history', () => {
  it('diffs against another list and against the list in force where the list is assigned', async () => {
    const s = await storeWithWindow(eur, { ...eur, id: 'eur-2027', valid_from: '2027-01-01' });
    await ok(
      patch(s, 'eur', 1, [
        { product: 'window', price: 'line.fixed', value: '65' },
        { product: 'window', price: 'glass_m2[double]', value: '38' },
      ]),
    );
    await ok(
      patch(s, 'eur-2027', 1, [
        { product: 'window', price: 'line.fixed', value: '69' },
        { product: 'window', price: 'base[1000,1000]', value: '105' },
      ]),
    );
    const d = await ok(admin('GET', `/stores/${s}/price-lists/eur-2027/diff?against=eur`));
    expect(d).toMatchObject({
      list: { id: 'eur-2027', version: 2 },
      against: { id: 'eur', version: 2 },
      counts: { added: 1, removed: 1, changed: 1 },
      added: [{ product: 'window', price: 'base[1000,1000]', old: null, new: '105.00' }],
      removed: [{ product: 'window', price: 'glass_m2[double]', old: '38.00', new: null }],
      changed: [{ product: 'window', price: 'line.fixed', old: '65.00', new: '69.00' }],
    });
    expect((await admin('GET', `/stores/${s}/price-lists/eur-2027/diff?against=in-force`)).status).toBe(404);
    await ok(
      admin('POST', `/stores/${s}/markets`, {
        id: 'de',
        name: 'DE',
        currency: 'EUR',
        price_lists: [
          { group: 'retail', list: 'eur' },
          { group: 'retail', list: 'eur-2027' },
        ],
      }),
      201,
    );
    expect(await ok(admin('GET', `/stores/${s}/price-lists/eur-2027/diff?against=in-force`))).toMatchObject({
      against: { id: 'eur' },
      counts: { added: 1, removed: 1, changed: 1 },
    });
    await ok(admin('POST', `/stores/${s}/price-lists`, { id: 'chf', name: 'CHF', currency: 'CHF' }), 201);
    expect((await admin('GET', `/stores/${s}/price-lists/eur/diff?against=chf`)).status).toBe(400);
    expect((await admin('GET', `/stores/${s}/price-lists/eur/diff?against=__proto__`)).status).toBe(404);
  });

  it('records who changed what, newest first, a page at a time', async () => {
    const s = await storeWithWindow(eur);
    await ok(admin('PUT', `/stores/${s}/price-lists/eur`, { ...settings, factor: '1.1' }));
    await ok(patch(s, 'eur', 2, [{ product: 'window', price: 'line.fixed', value: '70' }]));
    await ok(csv(s, 'eur', 'product,price,value\nwindow,line.fixed,71\nwindow,glass_m2[*],50\n'));
    const h = await ok<{ changes: Record<string, unknown>[]; next_before: number | null }>(
      admin('GET', `/stores/${s}/price-lists/eur/history`),
    );
    expect(h.next_before).toBeNull();
    expect(h.changes).toEqual([
      expect.objectContaining({
        version: 4,
        actor: 'admin token',
        kind: 'import',
        added: 1,
        changed: 1,
        removed: 0,
        rows: [
          { product: 'window', price: 'glass_m2[*]', old: null, new: '50.00' },
          { product: 'window', price: 'line.fixed', old: '70.00', new: '71.00' },
        ],
      }),
      expect.objectContaining({ version: 3, kind: 'entries', added: 1 }),
      expect.objectContaining({ version: 2, kind: 'settings', fields: ['factor'] }),
      expect.objectContaining({ version: 1, kind: 'created' }),
    ]);
    const page = await ok<{ changes: { version: number }[]; next_before: number | null }>(
      admin('GET', `/stores/${s}/price-lists/eur/history?limit=2`),
    );
    expect(page.changes.map((c) => c.version)).toEqual([4, 3]);
    expect(page.next_before).toBe(3);
    const rest = await ok<{ changes: { version: number }[] }>(admin('GET', `/stores/${s}/price-lists/eur/history?before=3`));
    expect(rest.changes.map((c) => c.version)).toEqual([2, 1]);
  });
});
