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
