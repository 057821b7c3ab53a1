import { describe, expect, it } from 'vitest';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createStore, saveProduct } from '../helpers';
import { type QuoteJson, quoteTenant, type SentQuoteJson } from './quotes-helpers';

// The backoffice quote desk's admin API: the /v1 quote writes, by the admin (docs/backoffice.md).

async function desk() {
  const storeId = await createStore('enterprise');
  expect((await saveProduct(storeId, 'shelf', SHELF)).status).toBe(201);
  const base = `/stores/${storeId}/quotes`;
  const create = async () => {
    const res = await admin('POST', base, {
      items: [{ product_id: 'shelf', configuration: { width: 800 } }],
      customer: { name: 'Ada' },
      language: 'de',
    });
    expect(res.status).toBe(201);
    return res.json<QuoteJson>();
  };
  return { storeId, base, create };
}

describe('admin quote desk', () => {
  const inTwoMonths = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

  it('creates a draft as the admin and edits it: details, discount, items added, replaced and removed', async () => {
    const d = await desk();
    const q = await d.create();
    expect(q).toMatchObject({ status: 'draft', language: 'de', history: [{ action: 'created', actor: 'admin' }] });
    expect(q.items[0]!.groups).toHaveProperty('bom');

    const patched = await admin('PATCH', `${d.base}/${q.id}`, {
      customer: { name: 'Ada L', company: 'Engines' },
      notes: 'Call first',
      valid_until: inTwoMonths,
      discount: { type: 'percent', value: 10, reason: 'Loyal' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      customer: { name: 'Ada L', company: 'Engines' },
      notes: 'Call first',
      valid_until: inTwoMonths,
      totals: { subtotal: 40, discount: 4, total: 36 },
    });

    const added = await admin('POST', `${d.base}/${q.id}/items`, { product_id: 'shelf', configuration: {}, quantity: 2 });
    expect(added.status).toBe(200);
    const two = await added.json<QuoteJson>();
    expect(two.items.map((i) => i.quantity)).toEqual([1, 2]);

    const item = two.items[1]!.id;
    const replaced = await admin('PUT', `${d.base}/${q.id}/items/${item}`, {
      product_id: 'shelf',
      configuration: { width: 1000 },
    });
    expect(replaced.status).toBe(200);
    expect((await replaced.json<QuoteJson>()).items[1]).toMatchObject({ id: item, totals: { price: 50 } });

    const removed = await admin('DELETE', `${d.base}/${q.id}/items/${item}`);
    expect((await removed.json<QuoteJson>()).items).toHaveLength(1);
  });

  it('refuses bad input with the error shape, never a 500', async () => {
    const d = await desk();
    const q = await d.create();
    const badItem = await admin('POST', `${d.base}/${q.id}/items`, { product_id: 'shelf', configuration: { width: 'wide' } });
    expect(badItem.status).toBe(422);
    expect(await badItem.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const badDiscount = await admin('PATCH', `${d.base}/${q.id}`, { discount: { type: 'percent', value: 120, reason: 'x' } });
    expect(badDiscount.status).toBe(400);
    expect(await badDiscount.json()).toMatchObject({ code: 'BAD_REQUEST', errors: [{ field: 'discount.value' }] });
    const noItem = await admin('DELETE', `${d.base}/${q.id}/items/nope`);
    expect(noItem.status).toBe(404);
    const noQuote = await admin('POST', `${d.base}/nope/send`, {});
    expect(noQuote.status).toBe(404);
  });

  it('re-prices with old and new per item, sends with a share link, and re-issues it', async () => {
    const d = await desk();
    const q = await d.create();
    const v2 = SHELF.replace('width_m * 50', 'width_m * 60');
    expect((await saveProduct(d.storeId, 'shelf', v2)).status).toBe(200);
    const repriced = await admin('POST', `${d.base}/${q.id}/reprice`, {});
    expect(repriced.status).toBe(200);
    const report = await repriced.json<{ items: { old_price: number; new_price: number; new_version: number }[] }>();
    expect(report.items.map((i) => [i.old_price, i.new_price, i.new_version])).toEqual([[40, 48, 2]]);

    const sent = await admin('POST', `${d.base}/${q.id}/send`, {});
    expect(sent.status).toBe(200);
    const first = await sent.json<SentQuoteJson>();
    expect(first.status).toBe('sent');
    expect((await call(new URL(first.share_url).pathname)).status).toBe(200);

    const again = await admin('POST', `${d.base}/${q.id}/share`, {});
    const second = await again.json<SentQuoteJson>();
    expect(second.share_url).not.toBe(first.share_url);
    expect((await call(new URL(first.share_url).pathname)).status).toBe(404);
    expect((await call(new URL(second.share_url).pathname)).status).toBe(200);

    const edit = await admin('PATCH', `${d.base}/${q.id}`, { notes: 'late' });
    expect(edit.status).toBe(409);
    expect(await edit.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION' });
  });

  it('a discount over the threshold makes sending wait for approval', async () => {
    const d = await desk();
    await admin('PUT', `/stores/${d.storeId}/quote-settings`, { approval_threshold_percent: 5 });
    const q = await d.create();
    const patched = await admin('PATCH', `${d.base}/${q.id}`, { discount: { type: 'amount', value: 10, reason: 'Big' } });
    expect((await patched.json<QuoteJson>()).status).toBe('pending_approval');
    expect((await admin('POST', `${d.base}/${q.id}/send`, {})).status).toBe(409);
    expect((await admin('POST', `${d.base}/${q.id}/approve`, { note: 'ok' })).status).toBe(200);
    expect((await admin('POST', `${d.base}/${q.id}/send`, {})).status).toBe(200);
  });

  it('clones any quote into a new draft: new number, same items and customer, no discount, priced at current versions', async () => {
    const d = await desk();
    const q = await d.create();
    await admin('PATCH', `${d.base}/${q.id}`, { discount: { type: 'amount', value: 1, reason: 'Once' }, notes: 'Again' });
    expect((await admin('POST', `${d.base}/${q.id}/send`, {})).status).toBe(200);
    expect((await saveProduct(d.storeId, 'shelf', SHELF.replace('width_m * 50', 'width_m * 60'))).status).toBe(200);
    const res = await admin('POST', `${d.base}/${q.id}/clone`, {});
    expect(res.status).toBe(201);
    const copy = await res.json<QuoteJson>();
    expect(copy.number).not.toBe(q.number);
    expect(copy).toMatchObject({ status: 'draft', customer: { name: 'Ada' }, notes: 'Again', discount: null, language: 'de' });
    expect(copy.items.map((i) => [i.product_version, i.configuration, i.totals.price])).toEqual([[2, { width: 800 }, 48]]);
    expect(copy.history).toMatchObject([{ action: 'created', actor: 'admin', details: { cloned_from: q.number } }]);
    expect((await admin('POST', `${d.base}/nope/clone`, {})).status).toBe(404);
  });

  it('POST /v1/quotes/{id}/clone needs quote:write, and copies as the key', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const res = await t.send('POST', `/${q.id}/clone`, {});
    expect(res.status).toBe(201);
    const copy = await res.json<QuoteJson>();
    expect(copy.history[0]).toMatchObject({ actor: expect.stringMatching(/^key:/), details: { cloned_from: q.number } });
    const reader = await quoteTenant(['quote:read']);
    const refused = await reader.send('POST', `/${q.id}/clone`, {});
    expect(refused.status).toBe(403);
  });
});
