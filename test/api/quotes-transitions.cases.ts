import { describe, expect, it } from 'vitest';
import type { QuoteStatus } from '../../src/api/quote-limits';
import { QUOTE_EVENTS } from '../../src/api/webhooks';
import { storeBinding } from '../../src/db/client';
import { decideQuote } from '../../src/quotes/service/lifecycle';
import { ACTIONS, type Action, TRANSITIONS } from '../../src/quotes/transitions';
import { admin, createKey } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// The transition table (src/quotes/transitions.ts) over HTTP, exhaustively: a quote in every status a reader sees,
// every action a client can take on it, through every route that takes it. What the table holds answers 200 with
// the table's next status; what it does not hold answers one and the same 409.

type Tenant = Awaited<ReturnType<typeof quoteTenant>>;

/** A new quote in the given status, in a store whose approval threshold is 10 %. */
async function quoteIn(t: Tenant, status: QuoteStatus): Promise<QuoteJson> {
  const today = new Date().toISOString().slice(0, 10);
  // Two items, so that a quote awaiting approval still needs it after one is removed.
  const items = [
    { product_id: 'shelf', configuration: {} },
    { product_id: 'shelf', configuration: {} },
  ];
  const q = await (await t.create(status === 'expired' ? { items, valid_until: today } : { items })).json<QuoteJson>();
  const step = (path: string, body: Record<string, unknown> = {}) => t.send('POST', `/${q.id}${path}`, body);
  if (status === 'pending_approval') await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 50, reason: 'x' } });
  if (['sent', 'expired', 'accepted', 'rejected', 'superseded'].includes(status)) await step('/send');
  if (status === 'superseded') await step('/revise');
  if (status === 'accepted') await step('/accept');
  if (status === 'rejected') await step('/reject');
  if (status === 'cancelled') await step('/cancel');
  if (status === 'expired') {
    // Time passing, straight in the database, as the clock would.
    const { env } = await import('cloudflare:workers');
    await (await storeBinding(env, t.storeId))
      .prepare('UPDATE quotes SET valid_until = ? WHERE id = ?')
      .bind(Date.now() - 1000, q.id)
      .run();
  }
  const now = await (await t.get(q.id)).json<QuoteJson>();
  expect(now.status).toBe(status);
  return now;
}

/** Every route a key or the admin takes an action through. */
const ROUTES: { action: Action; name: string; run: (t: Tenant, q: QuoteJson) => Promise<Response> }[] = [
  { action: 'edit', name: 'PATCH', run: (t, q) => t.send('PATCH', `/${q.id}`, { notes: 'n' }) },
  {
    action: 'edit',
    name: 'add item',
    run: (t, q) => t.send('POST', `/${q.id}/items`, { product_id: 'shelf', configuration: {} }),
  },
  {
    action: 'edit',
    name: 'replace item',
    run: (t, q) => t.send('PUT', `/${q.id}/items/${q.items[0]!.id}`, { product_id: 'shelf', configuration: {} }),
  },
  {
    action: 'edit',
    name: 'remove item',
    run: (t, q) => t.send('DELETE', `/${q.id}/items/${q.items[0]!.id}?tenant_id=${t.storeId}`),
  },
  {
    action: 'edit',
    name: 'line discount',
    run: (t, q) => t.send('PATCH', `/${q.id}/items/${q.items[0]!.id}`, { line_discount: { type: 'percent', value: 1 } }),
  },
  { action: 'edit', name: 'reprice', run: (t, q) => t.send('POST', `/${q.id}/reprice`, {}) },
  { action: 'send', name: 'send', run: (t, q) => t.send('POST', `/${q.id}/send`, {}) },
  { action: 'accept', name: 'accept', run: (t, q) => t.send('POST', `/${q.id}/accept`, {}) },
  { action: 'reject', name: 'reject', run: (t, q) => t.send('POST', `/${q.id}/reject`, {}) },
  { action: 'cancel', name: 'cancel', run: (t, q) => t.send('POST', `/${q.id}/cancel`, {}) },
  { action: 'cancel', name: 'admin cancel', run: (t, q) => admin('POST', `/stores/${t.storeId}/quotes/${q.id}/cancel`, {}) },
  { action: 'share', name: 'share', run: (t, q) => t.send('POST', `/${q.id}/share`, {}) },
  { action: 'revoke', name: 'revoke', run: (t, q) => t.send('DELETE', `/${q.id}/share?tenant_id=${t.storeId}`) },
  { action: 'approve', name: 'approve', run: (t, q) => admin('POST', `/stores/${t.storeId}/quotes/${q.id}/approve`, {}) },
  {
    action: 'decline',
    name: 'decline',
    run: (t, q) => admin('POST', `/stores/${t.storeId}/quotes/${q.id}/decline`, { note: 'no' }),
  },
  { action: 'revise', name: 'revise', run: (t, q) => t.send('POST', `/${q.id}/revise`, {}) },
  { action: 'revise', name: 'admin revise', run: (t, q) => admin('POST', `/stores/${t.storeId}/quotes/${q.id}/revise`, {}) },
];

const STATUSES = Object.keys(TRANSITIONS) as QuoteStatus[];

describe('the quote transition table, over HTTP', () => {
  it('covers every status a reader sees and every action but expiry (which time takes) has a route', () => {
    expect(STATUSES.sort()).toEqual([
      'accepted',
      'cancelled',
      'draft',
      'expired',
      'pending_approval',
      'rejected',
      'sent',
      'superseded',
    ]);
    const routed = new Set(ROUTES.map((r) => r.action));
    expect(ACTIONS.filter((a) => a !== 'expire' && !routed.has(a))).toEqual([]);
  });

  for (const status of STATUSES) {
    it(`from ${status}: allowed actions answer 200 with the next status, the others one 409`, { timeout: 60_000 }, async () => {
      const t = await quoteTenant();
      expect((await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: 10 })).status).toBe(200);
      for (const route of ROUTES) {
        const q = await quoteIn(t, status);
        const res = await route.run(t, q);
        const allowed = TRANSITIONS[status][route.action];
        const label = `${status} × ${route.name}`;
        if (allowed && route.action === 'revise') {
          // The answer is the new revision, a draft; the quote revised is superseded and names it.
          expect(res.status, label).toBe(201);
          const revision = await res.json<QuoteJson>();
          expect(revision, label).toMatchObject({ status: 'draft', number: q.number, revision: 2, revises: q.id });
          const old = await (await t.get(q.id)).json<QuoteJson>();
          expect(old, label).toMatchObject({ status: allowed.to, superseded_by: revision.id });
        } else if (allowed) {
          expect(res.status, label).toBe(200);
          const body = await res.json<QuoteJson | { quote: QuoteJson }>();
          const after = 'quote' in body ? body.quote : body;
          // An edit keeps a quote awaiting approval while its discount still needs it (the write derives that).
          const expected = route.action === 'edit' ? status : allowed.to;
          expect(after.status, label).toBe(expected);
        } else {
          expect(res.status, label).toBe(409);
          const body = await res.json<{ code: string; details: unknown }>();
          expect(body, label).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { status, action: route.action } });
          expect((await (await t.get(q.id)).json<QuoteJson>()).version, `${label} changes nothing`).toBe(q.version);
        }
      }
    });
  }

  it("refuses an action to whom the table does not give it: the admin cannot accept a buyer's quote", async () => {
    const t = await quoteTenant();
    const q = await quoteIn(t, 'sent');
    const { env } = await import('cloudflare:workers');
    await expect(decideQuote({ env, storeId: t.storeId, actor: 'admin' }, q.id, 'accept')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('sent');
  });
});

describe('quote events', () => {
  it('one per written transition that has an event, in its batch, with the quote, status and version it wrote, in sequence', async () => {
    const t = await quoteTenant();
    const hook = await admin('POST', `/stores/${t.storeId}/webhooks`, {
      url: 'https://erp.example.com/hooks',
      events: QUOTE_EVENTS,
    });
    expect(hook.status).toBe(201);
    // A store's own draft is not "requested": only a storefront's quote:request key's create is.
    const own = await (await t.create()).json<QuoteJson>();
    const storefront = await createKey(t.storeId, ['quote:request']);
    const q = await (await t.create({}, { 'X-API-Key': storefront.key })).json<QuoteJson>();
    await t.send('PATCH', `/${q.id}`, { notes: 'no event' });
    await t.send('POST', `/${q.id}/send`, {});
    await t.send('POST', `/${q.id}/send`, {}); // refused: no event
    await t.send('POST', `/${q.id}/accept`, {});
    const { env } = await import('cloudflare:workers');
    const stored = async (id: string) =>
      (
        await (
          await storeBinding(env, t.storeId)
        )
          .prepare('SELECT payload FROM webhook_events WHERE subject = ? ORDER BY created_at')
          .bind(id)
          .all<{ payload: string }>()
      ).results.map((r) => JSON.parse(r.payload));
    expect(await stored(own.id)).toEqual([]);
    const mine = await stored(q.id);
    expect(mine.map((e) => [e.type, e.data.quote.status, e.data.quote.version, e.sequence])).toEqual([
      ['quote.requested', 'draft', 1, 2],
      ['quote.sent', 'sent', 3, 6],
      ['quote.accepted', 'accepted', 4, 8],
    ]);
    expect(mine[0].data.quote.number).toBe(q.number);
    expect(mine[2]).toMatchObject({ store_id: t.storeId, data: { quote: { id: q.id, number: q.number } } });
    expect(Number.isNaN(Date.parse(mine[2].created_at))).toBe(false);
  });
});
