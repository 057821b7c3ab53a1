import { describe, expect, it } from 'vitest';
import { call, createKey, createStore, jsonInit, saveProduct } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// Every quote input is bounded (docs/quotes.md, "Limits"): what a request may hold is refused with a clear 4xx
// before it is priced or stored, so nothing large reaches a row and nothing answers 500.

// A text field without max_length, echoed into nine output texts: an item can grow ten times its configuration.
const NOTE = `product "Engraving" {
  language: en
  currency: EUR
}
field note: text { label: "Note" }
price { line base: "Base" = 10 }
output echo {
${Array.from({ length: 9 }, (_, i) => `  copy${i} = note`).join('\n')}
}
`;

type Problem = { code: string; errors?: { field?: string; code: string; item?: number }[] };

describe('caps on a quote', () => {
  it('refuses a configuration past 16,384 characters of JSON with 400 before pricing: 100,000 keys, deep nesting, a long text', async () => {
    const t = await quoteTenant();
    const keys = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [i.toString(36), 0]));
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const raw = (configuration: string) =>
      call('/api/v1/quotes', {
        method: 'POST',
        headers: { ...t.auth, 'Content-Type': 'application/json' },
        body: `{"tenant_id":"${t.storeId}","items":[{"product_id":"shelf","configuration":${configuration}}]}`,
      });
    for (const [what, res] of [
      ['100,000 keys', await raw(JSON.stringify(keys))],
      ['50,000 levels', await raw(`{"width":${deep}}`)],
      ['a text of 20,000', await raw(JSON.stringify({ wood: 'x'.repeat(20_000) }))],
    ] as const) {
      expect(res.status, what).toBe(400);
      const body = await res.json<Problem>();
      expect(body.code, what).toBe('BAD_REQUEST');
      expect(body.errors?.[0]?.field, what).toMatch(/configuration/);
    }
    // The same cap for an item added to or replacing one of a draft.
    const q = await (await t.create()).json<QuoteJson>();
    const big = { product_id: 'shelf', configuration: { wood: 'x'.repeat(20_000) } };
    expect((await t.send('POST', `/${q.id}/items`, big)).status).toBe(400);
    expect((await t.send('PUT', `/${q.id}/items/${q.items[0]!.id}`, big)).status).toBe(400);
    expect((await t.get(q.id)).headers.get('ETag')).toBe('"v1"');
  });

  it('refuses an item whose priced answer would exceed 131,072 characters with 422 ITEM_TOO_LARGE, storing nothing', async () => {
    const storeId = await createStore('enterprise');
    expect((await saveProduct(storeId, 'engraving', NOTE)).status).toBe(201);
    const { key } = await createKey(storeId, ['quote:read', 'quote:write']);
    const create = (note: string) =>
      call(
        '/api/v1/quotes',
        jsonInit(
          'POST',
          { tenant_id: storeId, items: [{ product_id: 'engraving', configuration: { note } }] },
          { 'X-API-Key': key },
        ),
      );
    // 15,000 characters fit the configuration cap; ten copies of them (configuration, summary, nine outputs) do not fit an item.
    const res = await create('y'.repeat(15_000));
    expect(res.status).toBe(422);
    expect(await res.json<Problem>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ item: 0, code: 'ITEM_TOO_LARGE' }],
    });
    const fine = await create('y'.repeat(1_000));
    expect(fine.status).toBe(201);
    expect((await fine.json<QuoteJson>()).number).toMatch(/-000001$/);
  });

  it("caps what a quote keeps: a quote:request key's at 262,144 characters of JSON, any quote at 1,048,576 (422 QUOTE_TOO_LARGE)", async () => {
    const storeId = await createStore('enterprise');
    expect((await saveProduct(storeId, 'engraving', NOTE)).status).toBe(201);
    const { key: storefront } = await createKey(storeId, ['quote:request']);
    const { key: desk } = await createKey(storeId, ['quote:read', 'quote:write']);
    // 8,000 characters sent make an item of about 97,000 kept: the configuration, the summary's value and its
    // label, nine output texts.
    const item = { product_id: 'engraving', configuration: { note: 'z'.repeat(8_000) } };
    const create = (key: string, n: number, headers: Record<string, string> = {}) =>
      call(
        '/api/v1/quotes',
        jsonInit('POST', { tenant_id: storeId, items: Array(n).fill(item) }, { 'X-API-Key': key, ...headers }),
      );
    const tooLarge = { code: 'VALIDATION_FAILED', errors: [{ code: 'QUOTE_TOO_LARGE', product_id: 'engraving' }] };
    const refused = await create(storefront, 3, { 'Idempotency-Key': 'big' });
    expect(refused.status).toBe(422);
    expect(await refused.json<Problem>()).toMatchObject({ ...tooLarge, errors: [{ item: 2 }] });
    const request = await create(storefront, 2);
    expect(request.status).toBe(201);
    const status = await call(new URL((await request.json<{ status_url: string }>()).status_url).pathname);
    expect((await status.text()).length).toBeLessThan(262_144);
    // A desk key may keep more, up to the cap of any quote: ten such items, not eleven, whether created or added.
    expect(await (await create(desk, 11)).json<Problem>()).toMatchObject({ ...tooLarge, errors: [{ item: 10 }] });
    const q = await (await create(desk, 10)).json<QuoteJson>();
    expect(q.items).toHaveLength(10);
    const send = (method: string, path: string) =>
      call(`/api/v1/quotes/${q.id}${path}`, jsonInit(method, { tenant_id: storeId, ...item }, { 'X-API-Key': desk }));
    const added = await send('POST', '/items');
    expect(added.status).toBe(422);
    expect(await added.json<Problem>()).toMatchObject({ ...tooLarge, errors: [{ item: 10 }] });
    // A new version that echoes the note twice more makes the same ten items too large to re-price.
    expect(
      (await saveProduct(storeId, 'engraving', NOTE.replace('  copy0 = note', '  copy0 = note\n  more0 = note\n  more1 = note')))
        .status,
    ).toBe(200);
    const repriced = await call(
      `/api/v1/quotes/${q.id}/reprice`,
      jsonInit('POST', { tenant_id: storeId }, { 'X-API-Key': desk }),
    );
    expect(repriced.status).toBe(422);
    expect(await repriced.json<Problem>()).toMatchObject(tooLarge);
    const list = await call(`/api/v1/quotes?tenant_id=${storeId}`, { headers: { 'X-API-Key': desk } });
    const quotes = (await list.json<{ quotes: { number: string; version: number }[] }>()).quotes;
    // Nothing was numbered for the refused creates, and the refused add changed nothing.
    expect(quotes.map((x) => [x.number.slice(-6), x.version])).toEqual([
      ['000002', 1],
      ['000001', 1],
    ]);
  });

  it('holds at most 100 items: the 101st add is 409 and changes nothing', async () => {
    const t = await quoteTenant();
    const items = Array.from({ length: 100 }, () => ({ product_id: 'shelf', configuration: {} }));
    const q = await (await t.create({ items })).json<QuoteJson>();
    expect(q.items).toHaveLength(100);
    const res = await t.send('POST', `/${q.id}/items`, { product_id: 'shelf', configuration: {} });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'CONFLICT', details: { max_items: 100 } });
    expect((await (await t.get(q.id)).json<QuoteJson>()).version).toBe(1);
  });

  it('caps every text: customer fields, notes, discount and cancel reasons, Idempotency-Key, search', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const refused = [
      await t.create({ customer: { company: 'c'.repeat(201) } }),
      await t.create({ customer: { reference: 'r'.repeat(101) } }),
      await t.create({ customer: { email: `${'e'.repeat(250)}@example.com` } }),
      await t.create({}, { 'Idempotency-Key': 'k'.repeat(256) }),
      await t.send('PATCH', `/${q.id}`, { notes: 'n'.repeat(5001) }),
      await t.send('PATCH', `/${q.id}`, { discount: { type: 'amount', value: 1, reason: 'd'.repeat(501) } }),
      await t.send('POST', `/${q.id}/cancel`, { reason: 'c'.repeat(501) }),
      await t.send('GET', `?tenant_id=${t.storeId}&q=${'s'.repeat(101)}`),
    ];
    expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(400));
    // At the caps, each is taken.
    const at = await t.create({
      customer: { name: 'a'.repeat(200), company: 'c'.repeat(200), reference: 'r'.repeat(100) },
      notes: 'n'.repeat(5000),
    });
    expect(at.status).toBe(201);
    expect((await t.get(q.id)).headers.get('ETag')).toBe('"v1"');
  });
});
