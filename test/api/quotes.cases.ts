import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { SHELF } from '../fixtures/shelf';
import { admin, saveProduct } from '../helpers';
import { type QuoteJson, quoteTenant, type SentQuoteJson } from './quotes-helpers';

describe('POST /api/v1/quotes', () => {
  it('creates a numbered draft with pinned, priced items and exact totals', async () => {
    const t = await quoteTenant();
    // shelf: 1000 mm oak lacquered = 92.50 a piece; × 10 = 925.00, tier 10% → 832.50. Default: 40.00.
    const res = await t.create({
      items: [
        { product_id: 'shelf', configuration: { width: 1000, wood: 'oak', lacquer: true }, quantity: 10 },
        { product_id: 'shelf', configuration: {} },
      ],
      customer: { name: 'Ada Lovelace', company: 'Engines Ltd', email: 'ada@example.com', reference: 'PO-7' },
      notes: 'Delivery in March',
      language: 'de',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('ETag')).toBe('"v1"');
    const q = await res.json<QuoteJson>();
    expect(q.number).toMatch(new RegExp(`^Q-${new Date().getUTCFullYear()}-000001$`));
    expect(q).toMatchObject({ status: 'draft', version: 1, currency: 'EUR', language: 'de', notes: 'Delivery in March' });
    expect(q.totals).toEqual({ subtotal: 872.5, line_discounts: 0, discount: 0, total: 872.5, currency: 'EUR', tax: null });
    expect(q.items.map((i) => [i.product_version, i.totals.price, i.content_hash.length])).toEqual([
      [1, 832.5, 64],
      [1, 40, 64],
    ]);
    expect(q.items[0]!.summary).toEqual([
      { field: 'width', label: 'Breite', value: 1000, value_label: '1000 mm' },
      { field: 'wood', label: 'Holz', value: 'oak', value_label: 'Eiche' },
      { field: 'lacquer', label: 'Lack', value: true, value_label: 'Ja' },
    ]);
    expect(q.items[0]!.groups).toHaveProperty('bom');
    expect(q.history).toMatchObject([{ version: 1, action: 'created' }]);
    expect(Date.parse(q.valid_until) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it('answers a retry with the same Idempotency-Key with the same quote, never a second', async () => {
    const t = await quoteTenant();
    const first = await (await t.create({}, { 'Idempotency-Key': 'abc-1' })).json<QuoteJson>();
    const again = await t.create({}, { 'Idempotency-Key': 'abc-1' });
    expect(again.status).toBe(200);
    expect((await again.json<QuoteJson>()).id).toBe(first.id);
    const other = await t.create({ notes: 'other' }, { 'Idempotency-Key': 'abc-1' });
    expect(other.status).toBe(409);
    const list = await (await t.send('GET', `?tenant_id=${t.storeId}`)).json<{ quotes: unknown[] }>();
    expect(list.quotes).toHaveLength(1);
  });

  it('refuses an item that does not price with 422 naming the item and its errors; nothing is numbered', async () => {
    const t = await quoteTenant();
    const res = await t.create({
      items: [
        { product_id: 'shelf', configuration: {} },
        { product_id: 'shelf', configuration: { width: 1200, wood: 'pine' } },
        { product_id: 'nope', configuration: {} },
      ],
    });
    expect(res.status).toBe(422);
    const body = await res.json<{ code: string; errors: { item: number; product_id: string; code: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((e) => [e.item, e.product_id, e.code])).toEqual([
      [1, 'shelf', 'RULE'],
      [2, 'nope', 'UNKNOWN_PRODUCT'],
    ]);
    const ok = await (await t.create()).json<QuoteJson>();
    expect(ok.number.endsWith('-000001')).toBe(true);
  });

  it('checks bounds: items, text lengths, email, valid_until, unknown fields', async () => {
    const t = await quoteTenant();
    const item = { product_id: 'shelf', configuration: {} };
    for (const body of [
      { items: [] },
      { items: Array.from({ length: 101 }, () => item) },
      { customer: { name: 'x'.repeat(201) } },
      { customer: { email: 'not-an-email' } },
      { notes: 'n'.repeat(5001) },
      { valid_until: '2000-01-01' },
      { valid_until: '31.12.2026' },
      { colour: 'red' },
    ]) {
      const res = await t.create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});

describe('permissions and tenancy', () => {
  it('needs quote:request or quote:write to create and quote:read to read; another store is 403, its quote 404', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    expect((await t.send('GET', `?tenant_id=${t.storeId}`)).status).toBe(200);
    const writer = await quoteTenant(['form:read', 'calculate', 'quote:write']);
    expect((await writer.create()).status).toBe(201);
    expect((await writer.send('GET', `?tenant_id=${writer.storeId}`)).status).toBe(403);
    const reader = await quoteTenant(['quote:read']);
    expect((await reader.create()).status).toBe(403);
    // Another store's quote under its own tenant: simply not found.
    expect((await reader.get(q.id)).status).toBe(404);
    expect((await t.send('GET', `/${q.id}?tenant_id=${reader.storeId}`)).status).toBe(403);
  });

  it('shows internal output groups only to keys with production:read', async () => {
    const t = await quoteTenant(['quote:read', 'quote:write']);
    const q = await (await t.create()).json<QuoteJson>();
    expect(Object.keys(q.items[0]!.groups)).toEqual(['weight']);
  });
});

describe('a storefront key: quote:request', () => {
  it('creates a quote (with its status link) and can do nothing else with it: no discount, no sending, no deciding', async () => {
    const storefront = await quoteTenant(['form:read', 'calculate', 'quote:request']);
    const res = await storefront.create({ customer: { name: 'Ada', email: 'ada@example.com' } });
    expect(res.status).toBe(201);
    const q = await res.json<QuoteJson & { status_url: string }>();
    expect(q.status_url).toMatch(/\/q\/q(\d+)?_/);
    const refused = [
      await storefront.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 50, reason: 'mine' } }),
      await storefront.send('POST', `/${q.id}/items`, { product_id: 'shelf', configuration: {} }),
      await storefront.send('POST', `/${q.id}/send`, {}),
      await storefront.send('POST', `/${q.id}/accept`, {}),
      await storefront.send('POST', `/${q.id}/cancel`, {}),
      await storefront.send('DELETE', `/${q.id}/share?tenant_id=${storefront.storeId}`),
      await storefront.get(q.id),
    ];
    expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(403));
    expect(await refused[0]!.json()).toMatchObject({ code: 'FORBIDDEN', details: { required_permission: 'quote:write' } });
    // Without either permission, the create names the smaller one.
    const reader = await quoteTenant(['quote:read']);
    expect(await (await reader.create()).json()).toMatchObject({ details: { required_permission: 'quote:request' } });
  });
});

describe('GET /api/v1/quotes', () => {
  it('lists newest first with a cursor, a bounded limit, a status filter and search', async () => {
    const t = await quoteTenant();
    const made: QuoteJson[] = [];
    for (let i = 0; i < 5; i++) made.push(await (await t.create({ customer: { name: `Buyer ${i}` } })).json<QuoteJson>());
    const page1 = await (await t.send('GET', `?tenant_id=${t.storeId}&limit=2`)).json<{
      quotes: QuoteJson[];
      next_cursor: string;
    }>();
    expect(page1.quotes.map((q) => q.number)).toEqual([made[4]!.number, made[3]!.number]);
    const page2 = await (await t.send('GET', `?tenant_id=${t.storeId}&limit=2&cursor=${page1.next_cursor}`)).json<{
      quotes: QuoteJson[];
      next_cursor: string | null;
    }>();
    expect(page2.quotes.map((q) => q.number)).toEqual([made[2]!.number, made[1]!.number]);
    const page3 = await (await t.send('GET', `?tenant_id=${t.storeId}&limit=2&cursor=${page2.next_cursor}`)).json<{
      quotes: QuoteJson[];
      next_cursor: string | null;
    }>();
    expect(page3.next_cursor).toBeNull();
    expect((await t.send('GET', `?tenant_id=${t.storeId}&limit=101`)).status).toBe(400);
    await t.send('POST', `/${made[0]!.id}/cancel`, {});
    const cancelled = await (await t.send('GET', `?tenant_id=${t.storeId}&status=cancelled`)).json<{ quotes: QuoteJson[] }>();
    expect(cancelled.quotes.map((q) => q.id)).toEqual([made[0]!.id]);
    const found = await (await t.send('GET', `?tenant_id=${t.storeId}&q=Buyer%203`)).json<{ quotes: QuoteJson[] }>();
    expect(found.quotes.map((q) => q.id)).toEqual([made[3]!.id]);
  });
});

describe('editing a draft', () => {
  it('PATCH with If-Match edits; a stale ETag is 412 and changes nothing', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const ok = await t.send('PATCH', `/${q.id}`, { notes: 'first' }, { 'If-Match': '"v1"' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ETag')).toBe('"v2"');
    const stale = await t.send('PATCH', `/${q.id}`, { notes: 'second' }, { 'If-Match': '"v1"' });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'PRECONDITION_FAILED', details: { version: 2 } });
    const now = await (await t.get(q.id)).json<QuoteJson>();
    expect(now).toMatchObject({ notes: 'first', version: 2 });
    expect(now.history.map((h) => h.action)).toEqual(['created', 'updated']);
  });

  it('adds, replaces and removes items, totals following', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const added = await t.send('POST', `/${q.id}/items`, { product_id: 'shelf', configuration: { width: 500 }, quantity: 2 });
    expect(added.status).toBe(200);
    const withTwo = await added.json<QuoteJson>();
    // 40.00 + 2 × 25.00
    expect(withTwo.totals.subtotal).toBe(90);
    const itemId = withTwo.items[1]!.id;
    const replaced = await (
      await t.send('PUT', `/${q.id}/items/${itemId}`, { product_id: 'shelf', configuration: { width: 600 }, quantity: 3 })
    ).json<QuoteJson>();
    expect(replaced.items[1]).toMatchObject({ id: itemId, quantity: 3 });
    expect(replaced.totals.subtotal).toBe(130);
    const bad = await t.send('PUT', `/${q.id}/items/${itemId}`, {
      product_id: 'shelf',
      configuration: { width: 1200, wood: 'pine' },
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: [{ item: 1, product_id: 'shelf', code: 'RULE' }] });
    const removed = await t.send('DELETE', `/${q.id}/items/${itemId}?tenant_id=${t.storeId}`);
    expect((await removed.json<QuoteJson>()).totals.subtotal).toBe(40);
    expect((await t.send('DELETE', `/${q.id}/items/${itemId}?tenant_id=${t.storeId}`)).status).toBe(404);
  });

  it('applies a percent or amount discount exactly, with a reason', async () => {
    const t = await quoteTenant();
    // 3 × 33.33 (width 666.6? no: use quantity) → subtotal 3 × 40 = 120.00; 12.5% = 15.00.
    const q = await (await t.create({ items: [{ product_id: 'shelf', configuration: {}, quantity: 3 }] })).json<QuoteJson>();
    const pct = await (
      await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 12.5, reason: 'Trade fair' } })
    ).json<QuoteJson>();
    expect(pct.totals).toEqual({ subtotal: 120, line_discounts: 0, discount: 15, total: 105, currency: 'EUR', tax: null });
    // 7.77% of 120.00 = 9.324 → 9.32
    const odd = await (
      await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 7.77, reason: 'x' } })
    ).json<QuoteJson>();
    expect(odd.totals).toEqual({ subtotal: 120, line_discounts: 0, discount: 9.32, total: 110.68, currency: 'EUR', tax: null });
    const amount = await (
      await t.send('PATCH', `/${q.id}`, { discount: { type: 'amount', value: 0.1, reason: 'x' } })
    ).json<QuoteJson>();
    expect(amount.totals.total).toBe(119.9);
    expect((await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 101, reason: 'x' } })).status).toBe(400);
    expect((await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 5 } })).status).toBe(400);
    const none = await (await t.send('PATCH', `/${q.id}`, { discount: null })).json<QuoteJson>();
    expect(none.totals.total).toBe(120);
  });
});

describe('re-pricing', () => {
  it('keeps pinned prices after a new product version, and re-prices on request listing old and new', async () => {
    const t = await quoteTenant();
    const q = await (
      await t.create({
        items: [
          { product_id: 'shelf', configuration: { width: 800 } },
          { product_id: 'shelf', configuration: { width: 1100, wood: 'pine' } },
        ],
      })
    ).json<QuoteJson>();
    // Version 2: boards cost 60 a metre, and pine over 1000 mm is refused.
    const v2 = SHELF.replace('width_m * 50', 'width_m * 60').replace('width > 1100 and', 'width > 1000 and');
    expect((await saveProduct(t.storeId, 'shelf', v2)).status).toBe(200);
    const pinned = await (await t.get(q.id)).json<QuoteJson>();
    expect(pinned.items.map((i) => [i.product_version, i.totals.price])).toEqual([
      [1, 40],
      [1, 55],
    ]);
    const res = await t.send('POST', `/${q.id}/reprice`, {});
    expect(res.status).toBe(200);
    const body = await res.json<{
      quote: QuoteJson;
      items: { old_price: number; new_price: number | null; errors: { code: string }[] }[];
    }>();
    expect(body.items.map((i) => [i.old_price, i.new_price, i.errors.map((e) => e.code)])).toEqual([
      [40, 48, []],
      [55, null, ['RULE']],
    ]);
    expect(body.quote.items.map((i) => [i.product_version, i.totals.price])).toEqual([
      [2, 48],
      [1, 55],
    ]);
    expect(body.quote.totals.subtotal).toBe(103);
  });
});

describe('lifecycle', () => {
  it('send → accept; illegal transitions are 409; a sent quote cannot be edited', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const sent = await t.send('POST', `/${q.id}/send`, {});
    expect(sent.status).toBe(200);
    const body = await sent.json<SentQuoteJson>();
    expect(body.status).toBe('sent');
    expect(body.share_url).toMatch(/^http:\/\/localhost\/q\/q([1-9]\d*)?_[A-Za-z0-9_-]{43}$/);
    const edit = await t.send('PATCH', `/${q.id}`, { notes: 'late' });
    expect(edit.status).toBe(409);
    expect(await edit.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { status: 'sent' } });
    expect((await t.send('POST', `/${q.id}/items`, { product_id: 'shelf', configuration: {} })).status).toBe(409);
    expect((await t.send('POST', `/${q.id}/send`, {})).status).toBe(409);
    const accepted = await t.send('POST', `/${q.id}/accept`, {});
    expect((await accepted.json<QuoteJson>()).status).toBe('accepted');
    expect((await t.send('POST', `/${q.id}/cancel`, {})).status).toBe(409);
    expect((await t.send('POST', `/${q.id}/reject`, {})).status).toBe(409);
    const history = (await (await t.get(q.id)).json<QuoteJson>()).history;
    expect(history.map((h) => [h.version, h.action])).toEqual([
      [1, 'created'],
      [2, 'sent'],
      [3, 'accepted'],
    ]);
    expect(history[1]!.actor).toMatch(/^key:/);
  });

  it('reject, and cancel of a draft; a draft cannot be accepted', async () => {
    const t = await quoteTenant();
    const a = await (await t.create()).json<QuoteJson>();
    expect((await t.send('POST', `/${a.id}/accept`, {})).status).toBe(409);
    await t.send('POST', `/${a.id}/send`, {});
    expect((await (await t.send('POST', `/${a.id}/reject`, {})).json<QuoteJson>()).status).toBe('rejected');
    const b = await (await t.create()).json<QuoteJson>();
    const cancelled = await (await t.send('POST', `/${b.id}/cancel`, { reason: 'Duplicate' })).json<QuoteJson>();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.history.at(-1)).toMatchObject({ action: 'cancelled', details: { reason: 'Duplicate' } });
  });

  it('reads a sent quote past valid_until as expired and refuses to accept it', async () => {
    const t = await quoteTenant();
    const today = new Date().toISOString().slice(0, 10);
    const q = await (await t.create({ valid_until: today })).json<QuoteJson>();
    await t.send('POST', `/${q.id}/send`, {});
    // Move the validity into the past the way time would: straight in the database.
    const { env } = await import('cloudflare:workers');
    await (await storeBinding(env, t.storeId))
      .prepare('UPDATE quotes SET valid_until = ? WHERE id = ?')
      .bind(Date.now() - 1000, q.id)
      .run();
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('expired');
    const accept = await t.send('POST', `/${q.id}/accept`, {});
    expect(accept.status).toBe(409);
    expect(await accept.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { status: 'expired' } });
    const expired = await (await t.send('GET', `?tenant_id=${t.storeId}&status=expired`)).json<{ quotes: QuoteJson[] }>();
    expect(expired.quotes.map((x) => x.id)).toEqual([q.id]);
    expect((await t.send('POST', `/${q.id}/cancel`, {})).status).toBe(200);
  });

  it('holds a discount over the store threshold for approval; sending waits until an admin approves', async () => {
    const t = await quoteTenant();
    expect((await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: 10 })).status).toBe(200);
    const q = await (await t.create()).json<QuoteJson>();
    const small = await (
      await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 10, reason: 'ok' } })
    ).json<QuoteJson>();
    expect(small.status).toBe('draft');
    const big = await (
      await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 20, reason: 'Big client' } })
    ).json<QuoteJson>();
    expect(big.status).toBe('pending_approval');
    const refused = await t.send('POST', `/${q.id}/send`, {});
    expect(refused.status).toBe(409);
    expect((await admin('POST', `/stores/${t.storeId}/quotes/${q.id}/approve`, {})).status).toBe(200);
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('draft');
    expect((await t.send('POST', `/${q.id}/send`, {})).status).toBe(200);
  });

  it('a threshold lowered after the discount was set still holds the quote at sending', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 20, reason: 'Old friend' } });
    await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: 10 });
    const send = await t.send('POST', `/${q.id}/send`, {});
    expect(send.status).toBe(409);
    expect((await send.json<{ error: string }>()).error).toContain('approves its discount');
  });

  it('an admin declining the discount removes it, with a note in the history', async () => {
    const t = await quoteTenant();
    await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: 5 });
    const q = await (await t.create()).json<QuoteJson>();
    await t.send('PATCH', `/${q.id}`, { discount: { type: 'amount', value: 10, reason: 'Friend' } });
    const res = await admin('POST', `/stores/${t.storeId}/quotes/${q.id}/decline`, { note: 'Too much' });
    expect(res.status).toBe(200);
    const after = await (await t.get(q.id)).json<QuoteJson>();
    expect(after).toMatchObject({ status: 'draft', discount: null });
    expect(after.history.at(-1)).toMatchObject({ action: 'discount_declined', actor: 'admin', details: { note: 'Too much' } });
  });
});
