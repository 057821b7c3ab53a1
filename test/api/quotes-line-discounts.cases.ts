import { describe, expect, it } from 'vitest';
import { SHELF } from '../fixtures/shelf';
import { admin, saveProduct } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// Line discounts (docs/quotes.md, "Line discounts"): each item's own discount, taken off its price before the
// quote's discount, rounded once per line, weighed with the quote's discount by the approval threshold; and
// clearing a draft's customer fields and notes.

type Tenant = Awaited<ReturnType<typeof quoteTenant>>;

/** A draft of two default shelves (40.00 EUR each). */
async function draft(t: Tenant) {
  const items = [
    { product_id: 'shelf', configuration: {} },
    { product_id: 'shelf', configuration: {} },
  ];
  return (await t.create({ items })).json<QuoteJson>();
}

const lineDiscount = (t: Tenant, q: QuoteJson, index: number, line_discount: unknown) =>
  t.send('PATCH', `/${q.id}/items/${q.items[index]!.id}`, { line_discount });

describe('PATCH /v1/quotes/{id}/items/{item_id}: line discounts', () => {
  it('takes each line discount off its item, rounded once, before the quote discount', async () => {
    const t = await quoteTenant();
    const q = await draft(t);
    const percent = await lineDiscount(t, q, 0, { type: 'percent', value: 33.33 });
    expect(percent.status).toBe(200);
    // 33.33 % of 40.00 is 13.332: 13.33, rounded once.
    expect(await percent.json()).toMatchObject({
      items: [{ line_discount: { type: 'percent', value: 33.33, amount: 13.33 }, net_price: 26.67 }, { line_discount: null }],
      totals: { subtotal: 66.67, line_discounts: 13.33, discount: 0, total: 66.67 },
      history: [{}, { action: 'line_discount_set', details: { item_id: q.items[0]!.id } }],
    });
    await lineDiscount(t, q, 1, { type: 'amount', value: 0.5 });
    const both = await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 10, reason: 'Loyal' } });
    // Subtotal 26.67 + 39.50 = 66.17; the quote's 10 % of it is 6.617: 6.62.
    expect(await both.json()).toMatchObject({ totals: { subtotal: 66.17, line_discounts: 13.83, discount: 6.62, total: 59.55 } });
    const removed = await lineDiscount(t, q, 0, null);
    expect(await removed.json()).toMatchObject({
      items: [{ line_discount: null, net_price: 40 }, { net_price: 39.5 }],
      totals: { subtotal: 79.5, line_discounts: 0.5 },
    });
  });

  it('refuses hostile line discounts with the error shape, never a 500, and changes nothing', async () => {
    const t = await quoteTenant();
    const q = await draft(t);
    const bad: unknown[] = [
      { type: 'percent', value: -5 },
      { type: 'percent', value: 0 },
      { type: 'percent', value: 100.01 },
      { type: 'percent', value: 12.345 },
      { type: 'amount', value: -1 },
      { type: 'amount', value: '5' },
      { type: 'amount', value: 'NaN' },
      { type: 'amount' },
      { type: 'gift', value: 1 },
      { type: 'amount', value: 1, reason: 'no reason field on a line' },
      'ten',
    ];
    for (const body of bad) {
      const res = await lineDiscount(t, q, 0, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toMatchObject({ code: 'BAD_REQUEST', errors: [{ location: 'body' }] });
    }
    const missing = await t.send('PATCH', `/${q.id}/items/${q.items[0]!.id}`, {});
    expect(missing.status).toBe(400);
    // Above the line's price: the price is known only here, 422.
    const above = await lineDiscount(t, q, 0, { type: 'amount', value: 40.01 });
    expect(above.status).toBe(422);
    expect(await above.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { item_id: q.items[0]!.id, price: 40 } });
    expect((await lineDiscount(t, q, 0, { type: 'amount', value: 40 })).status).toBe(200);
    const noItem = await t.send('PATCH', `/${q.id}/items/nope`, { line_discount: null });
    expect(noItem.status).toBe(404);
    const after = await (await t.get(q.id)).json<QuoteJson>();
    expect(after.version).toBe(2);
    expect(after.totals).toMatchObject({ subtotal: 40, line_discounts: 40, total: 40 });
  });

  it('keeps a line discount through a replace and a re-price, and a sent quote takes none', async () => {
    const t = await quoteTenant();
    const q = await draft(t);
    await lineDiscount(t, q, 0, { type: 'percent', value: 10 });
    const replaced = await t.send('PUT', `/${q.id}/items/${q.items[0]!.id}`, {
      product_id: 'shelf',
      configuration: { width: 1000 },
    });
    expect(await replaced.json()).toMatchObject({ items: [{ net_price: 45, line_discount: { amount: 5 } }, {}] });
    expect((await saveProduct(t.storeId, 'shelf', SHELF.replace('width_m * 50', 'width_m * 60'))).status).toBe(200);
    const repriced = await t.send('POST', `/${q.id}/reprice`, {});
    expect(await repriced.json()).toMatchObject({ quote: { items: [{ net_price: 54, line_discount: { amount: 6 } }, {}] } });
    await t.send('POST', `/${q.id}/send`, {});
    const frozen = await lineDiscount(t, q, 0, null);
    expect(frozen.status).toBe(409);
    expect(await frozen.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION' });
  });

  it('weighs line discounts with the quote discount against the approval threshold; a decline removes both', async () => {
    const t = await quoteTenant();
    const base = `/stores/${t.storeId}/quotes`;
    await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: 10 });
    const q = await draft(t);
    // 8 % of one line is 3.20 of 80.00: 4 %, below the threshold.
    expect(await (await lineDiscount(t, q, 0, { type: 'percent', value: 8 })).json()).toMatchObject({ status: 'draft' });
    // And a quote discount of 5.00: 8.20 of 80.00 given, 10.25 %, above it.
    const more = await t.send('PATCH', `/${q.id}`, { discount: { type: 'amount', value: 5, reason: 'Big' } });
    expect(await more.json()).toMatchObject({ status: 'pending_approval' });
    expect((await t.send('POST', `/${q.id}/send`, {})).status).toBe(409);
    const declined = await admin('POST', `${base}/${q.id}/decline`, { note: 'Too much' });
    expect(await declined.json()).toMatchObject({
      status: 'draft',
      discount: null,
      items: [{ line_discount: null }, { line_discount: null }],
      totals: { subtotal: 80, line_discounts: 0, total: 80 },
      history: [{}, {}, {}, { action: 'discount_declined', details: { note: 'Too much', line_discounts: 1 } }],
    });
    // Approved as a whole: a line discount raised afterwards needs approval again.
    await lineDiscount(t, q, 0, { type: 'percent', value: 8 });
    await t.send('PATCH', `/${q.id}`, { discount: { type: 'amount', value: 5, reason: 'Big' } });
    expect((await admin('POST', `${base}/${q.id}/approve`, {})).status).toBe(200);
    expect(await (await lineDiscount(t, q, 1, { type: 'amount', value: 1 })).json()).toMatchObject({
      status: 'pending_approval',
    });
    await lineDiscount(t, q, 1, null);
    expect((await t.send('POST', `/${q.id}/send`, {})).status).toBe(200);
  });

  it('the admin sets a line discount through the desk API too', async () => {
    const t = await quoteTenant();
    const q = await draft(t);
    const res = await admin('PATCH', `/stores/${t.storeId}/quotes/${q.id}/items/${q.items[1]!.id}`, {
      line_discount: { type: 'amount', value: 4 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ items: [{}, { net_price: 36 }], history: [{}, { actor: 'admin' }] });
    const hostile = await admin('PATCH', `/stores/${t.storeId}/quotes/${q.id}/items/${q.items[1]!.id}`, {
      line_discount: { type: 'percent', value: 101 },
    });
    expect(hostile.status).toBe(400);
  });
});

describe('PATCH /v1/quotes/{id}: clearing', () => {
  it('clears customer fields given null or empty (the customer is replaced whole) and notes given null or empty', async () => {
    const t = await quoteTenant();
    const q = await draft(t);
    await t.send('PATCH', `/${q.id}`, {
      customer: { name: 'Ada', company: 'Engines', email: 'ada@example.com', reference: 'PO-1' },
      notes: 'Ring first',
    });
    const cleared = await t.send('PATCH', `/${q.id}`, {
      customer: { name: 'Ada', company: null, email: '', reference: '  ' },
      notes: '',
    });
    expect(cleared.status).toBe(200);
    const body = await cleared.json<QuoteJson>();
    expect(body.customer).toEqual({ name: 'Ada' });
    expect(body.notes).toBeNull();
    await t.send('PATCH', `/${q.id}`, { notes: 'Again' });
    const none = await admin('PATCH', `/stores/${t.storeId}/quotes/${q.id}`, {
      customer: { name: null, company: null, email: null, reference: null },
      notes: null,
    });
    expect(await none.json()).toMatchObject({ customer: {}, notes: null });
    const badEmail = await t.send('PATCH', `/${q.id}`, { customer: { email: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
  });
});
