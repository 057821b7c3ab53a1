import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { ADMIN_TOKEN, admin, call, createKey, jsonInit } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// An Idempotency-Key belongs to the API key that sent it, and a storefront key's retry answers the quote as its
// create made it (docs/quotes.md, "Integrity under concurrency"; src/quotes/service/replays.ts).

type Created = QuoteJson & { status_url: string | null };
const REQUEST = ['form:read', 'calculate', 'quote:request'];

describe('Idempotency-Key, per API key', () => {
  it("another key's same Idempotency-Key is another request: its own quote, never the first key's", async () => {
    const t = await quoteTenant();
    const { key: other } = await createKey(t.storeId, REQUEST);
    const body = { items: [{ product_id: 'shelf', configuration: {} }], customer: { name: 'Ada' } };
    const first = await t.create(body, { 'Idempotency-Key': 'shared' });
    expect(first.status).toBe(201);
    const mine = await first.json<Created>();
    const theirs = await call(
      '/api/v1/quotes',
      jsonInit('POST', { tenant_id: t.storeId, ...body }, { 'X-API-Key': other, 'Idempotency-Key': 'shared' }),
    );
    expect(theirs.status).toBe(201);
    const q = await theirs.json<Created>();
    expect(q.id).not.toBe(mine.id);
    expect(q.customer).toEqual({ name: 'Ada' });
    // A different body under the same Idempotency-Key from yet another key is a new request too, not a 409.
    const { key: third } = await createKey(t.storeId, REQUEST);
    const different = await call(
      '/api/v1/quotes',
      jsonInit('POST', { tenant_id: t.storeId, ...body, notes: 'x' }, { 'X-API-Key': third, 'Idempotency-Key': 'shared' }),
    );
    expect(different.status).toBe(201);
    // Each key's retry answers its own quote.
    const again = await t.create(body, { 'Idempotency-Key': 'shared' });
    expect([again.status, (await again.json<Created>()).id]).toEqual([200, mine.id]);
    const theirsAgain = await call(
      '/api/v1/quotes',
      jsonInit('POST', { tenant_id: t.storeId, ...body }, { 'X-API-Key': other, 'Idempotency-Key': 'shared' }),
    );
    expect([theirsAgain.status, (await theirsAgain.json<Created>()).id]).toEqual([200, q.id]);
  });

  it("a quote:request key's retry answers the quote as created, never the store's later work", async () => {
    const t = await quoteTenant();
    await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: 10 });
    const { key: storefront } = await createKey(t.storeId, REQUEST);
    const body = {
      tenant_id: t.storeId,
      items: [{ product_id: 'shelf', configuration: { width: 1000 } }],
      customer: { name: 'Buyer', email: 'buyer@example.com' },
      notes: 'Please call me',
    };
    const request = () => call('/api/v1/quotes', jsonInit('POST', body, { 'X-API-Key': storefront, 'Idempotency-Key': 'req-1' }));
    const created = await (await request()).json<Created>();
    // The store works on it: its own notes, an item, a discount that awaits approval.
    await t.send('PATCH', `/${created.id}`, { notes: 'Internal: margin is thin, offer 30 %' });
    await t.send('POST', `/${created.id}/items`, { product_id: 'shelf', configuration: {} });
    await t.send('PATCH', `/${created.id}`, { discount: { type: 'percent', value: 30, reason: 'Key account' } });
    const now = await (await t.get(created.id)).json<QuoteJson>();
    expect([now.status, now.version, now.items.length]).toEqual(['pending_approval', 4, 2]);
    const retry = await request();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('ETag')).toBe('"v1"');
    const replay = await retry.json<Created>();
    expect(replay).toEqual({ ...created, status_url: null });
    expect(JSON.stringify(replay)).not.toMatch(/margin|Key account|thin/);
  });

  it("a quote:write key's retry answers the quote as it is (that key reads and changes it anyway)", async () => {
    const t = await quoteTenant();
    const q = await (await t.create({}, { 'Idempotency-Key': 'w-1' })).json<Created>();
    await t.send('PATCH', `/${q.id}`, { notes: 'later' });
    const again = await (await t.create({}, { 'Idempotency-Key': 'w-1' })).json<Created>();
    expect([again.id, again.version, again.notes]).toEqual([q.id, 2, 'later']);
  });
});

describe('a retry answered from a quote kept before revisions, line discounts (migration 0010) and item stores (0013)', () => {
  it('reads the new fields with their defaults: revision 1, no line discounts', async () => {
    const t = await quoteTenant();
    const { key } = await createKey(t.storeId, REQUEST);
    const body = { tenant_id: t.storeId, items: [{ product_id: 'shelf', configuration: {} }] };
    const create = () => call('/api/v1/quotes', jsonInit('POST', body, { 'X-API-Key': key, 'Idempotency-Key': 'old' }));
    const q = await (await create()).json<Created>();
    const { env } = await import('cloudflare:workers');
    const old =
      "'$.quote.revision', '$.quote.revises', '$.quote.supersededBy', '$.quote.lineDiscountMinor', '$.items[0].discount', '$.items[0].discountMinor', '$.items[0].storeId'";
    await (await storeBinding(env, t.storeId))
      .prepare(`UPDATE quote_replays SET quote = json_remove(quote, ${old}) WHERE quote_id = ?`)
      .bind(q.id)
      .run();
    const retry = await create();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({
      id: q.id,
      revision: 1,
      revises: null,
      superseded_by: null,
      totals: { subtotal: 40, line_discounts: 0, total: 40 },
      items: [{ line_discount: null, net_price: 40 }],
    });
  });
});

describe('Idempotency-Key, per admin', () => {
  it("the admin's create keeps it: the same key answers the same quote, another key or an API key's makes a new one", async () => {
    const t = await quoteTenant();
    const body = { items: [{ product_id: 'shelf', configuration: {} }], customer: { name: 'Ada' } };
    const create = (key: string, sent: Record<string, unknown> = body) =>
      call(
        `/api/admin/stores/${t.storeId}/quotes`,
        jsonInit('POST', sent, { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Idempotency-Key': key }),
      );
    const first = await create('desk-1');
    expect(first.status).toBe(201);
    const made = await first.json<QuoteJson>();
    const again = await create('desk-1');
    expect(again.status).toBe(200);
    expect(await again.json<QuoteJson>()).toMatchObject({ id: made.id, number: made.number });
    const conflict = await create('desk-1', { ...body, notes: 'another request' });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: 'CONFLICT' });
    const other = await create('desk-2');
    expect(other.status).toBe(201);
    expect((await other.json<QuoteJson>()).id).not.toBe(made.id);
    // An API key's same Idempotency-Key is another request, and the admin's retry still answers the admin's quote.
    const byKey = await t.create(body, { 'Idempotency-Key': 'desk-1' });
    expect(byKey.status).toBe(201);
    expect((await byKey.json<QuoteJson>()).id).not.toBe(made.id);
    expect((await (await create('desk-1')).json<QuoteJson>()).id).toBe(made.id);
    const listed = await admin('GET', `/stores/${t.storeId}/quotes`);
    expect((await listed.json<{ quotes: unknown[] }>()).quotes).toHaveLength(3);
  });
});
