import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { insightStatements, periodOf } from '../../src/quotes/service/insights';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createKey, createStore, saveProduct } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// A store's figures (docs/api.md, "Insights") over HTTP against real D1: a seeded store whose every figure is
// worked out by hand below, the insights:read permission, the bounds of a period, and the statements' query plans.

const at = (text: string) => Date.parse(text);

interface Seed {
  items: { product_id: string; configuration: Record<string, unknown>; quantity?: number }[];
  row: Record<string, string | number | null>;
  /** Taken off the shelf item of the quote (a line discount, in minor units). */
  shelfDiscount?: number;
}

const oak = { wood: 'oak' };
const pine = { wood: 'pine' };

/**
 * Ten quotes. In March 2026 (EUR), created: Q1 won, Q2 lost, Q3 won, Q5 a request, Q6 sent and expiring this week,
 * Q7 awaiting approval, Q8 a staff draft; before it: Q4 won in February (the previous period), Q9 an expired one
 * from January; and Q10 won in March in USD, which EUR figures leave out.
 */
const SEEDS: Record<string, Seed> = {
  Q10: {
    items: [{ product_id: 'shelf', configuration: oak }],
    row: {
      currency: 'USD',
      status: 'accepted',
      created_at: at('2026-03-03T10:00:00Z'),
      sent_at: at('2026-03-03T11:00:00Z'),
      decided_at: at('2026-03-04T10:00:00Z'),
      total_minor: 99900,
      subtotal_minor: 99900,
    },
  },
  Q1: {
    items: [{ product_id: 'shelf', configuration: oak }],
    row: {
      status: 'accepted',
      created_at: at('2026-03-02T10:00:00Z'),
      sent_at: at('2026-03-03T10:00:00Z'),
      decided_at: at('2026-03-05T10:00:00Z'),
      subtotal_minor: 10000,
      line_discount_minor: 0,
      discount_minor: 1000,
      total_minor: 9000,
    },
  },
  Q2: {
    items: [
      { product_id: 'shelf', configuration: pine, quantity: 2 },
      { product_id: 'bench', configuration: oak },
    ],
    shelfDiscount: 2000,
    row: {
      status: 'rejected',
      created_at: at('2026-03-10T10:00:00Z'),
      sent_at: at('2026-03-10T22:00:00Z'),
      decided_at: at('2026-03-12T10:00:00Z'),
      subtotal_minor: 20000,
      line_discount_minor: 2000,
      discount_minor: 0,
      total_minor: 20000,
    },
  },
  Q3: {
    items: [{ product_id: 'bench', configuration: pine }],
    row: {
      status: 'accepted',
      created_at: at('2026-03-20T10:00:00Z'),
      sent_at: at('2026-03-21T10:00:00Z'),
      decided_at: at('2026-03-30T10:00:00Z'),
      subtotal_minor: 5000,
      line_discount_minor: 0,
      discount_minor: 0,
      total_minor: 5000,
    },
  },
  Q4: {
    items: [{ product_id: 'shelf', configuration: pine }],
    row: {
      status: 'accepted',
      created_at: at('2026-02-10T10:00:00Z'),
      sent_at: at('2026-02-11T10:00:00Z'),
      decided_at: at('2026-02-15T10:00:00Z'),
      total_minor: 3000,
    },
  },
  Q5: {
    items: [{ product_id: 'shelf', configuration: oak }],
    row: { requested: 1, created_at: at('2026-03-25T10:00:00Z'), total_minor: 4000 },
  },
  Q6: {
    items: [{ product_id: 'bench', configuration: oak }],
    // valid_until: a minute from now, so in this week (but in the last minute of a Sunday).
    row: {
      status: 'sent',
      created_at: at('2026-03-15T10:00:00Z'),
      sent_at: at('2026-03-16T10:00:00Z'),
      valid_until: Date.now() + 60_000,
      subtotal_minor: 8000,
      line_discount_minor: 0,
      discount_minor: 800,
      total_minor: 7200,
    },
  },
  Q7: {
    items: [{ product_id: 'shelf', configuration: oak }],
    row: {
      status: 'pending_approval',
      created_by: 'admin',
      version: 3,
      created_at: at('2026-03-05T10:00:00Z'),
      total_minor: 6000,
    },
  },
  Q8: {
    items: [{ product_id: 'bench', configuration: pine }],
    row: { created_by: 'admin', version: 2, created_at: at('2026-03-06T10:00:00Z'), total_minor: 1500 },
  },
  Q9: {
    items: [{ product_id: 'shelf', configuration: pine }],
    row: {
      status: 'sent',
      created_at: at('2026-01-05T10:00:00Z'),
      sent_at: at('2026-01-06T10:00:00Z'),
      valid_until: at('2026-02-05T23:59:59.999Z'),
      total_minor: 9999,
    },
  },
};

async function seeded() {
  const t = await quoteTenant();
  expect((await saveProduct(t.storeId, 'bench', SHELF)).status).toBe(201);
  const ids: Record<string, string> = {};
  for (const [name, seed] of Object.entries(SEEDS)) {
    const res = await t.create({ items: seed.items });
    expect(res.status, name).toBe(201);
    const q = await res.json<QuoteJson>();
    ids[name] = q.id;
    const columns = Object.keys(seed.row);
    await (await storeBinding(env, t.storeId))
      .prepare(`UPDATE quotes SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`)
      .bind(...columns.map((c) => seed.row[c]), q.id)
      .run();
    if (seed.shelfDiscount) {
      await (await storeBinding(env, t.storeId))
        .prepare("UPDATE quote_items SET discount_minor = ? WHERE quote_id = ? AND product_id = 'shelf'")
        .bind(seed.shelfDiscount, q.id)
        .run();
    }
  }
  return { ...t, ids };
}

const MARCH = 'from=2026-03-01&to=2026-03-31';

describe('store insights', () => {
  it('answers every figure of a seeded store as worked out by hand', async () => {
    const { storeId, ids } = await seeded();
    const res = await admin('GET', `/stores/${storeId}/insights?${MARCH}&group_by=week`);
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toEqual({
      store_id: storeId,
      // The newest quote's (Q9's), as none was asked for.
      currency: 'EUR',
      period: { from: '2026-03-01', to: '2026-03-31', days: 31, group_by: 'week' },
      // 31 days before March: 29–31 January and February.
      previous_period: { from: '2026-01-29', to: '2026-02-28' },
      // Open now: Q5 untouched from a key; Q8 the staff's draft; Q7; Q6 (Q9 expired, so not sent).
      pipeline: {
        requested: { count: 1, value: 40 },
        draft: { count: 1, value: 15 },
        pending_approval: { count: 1, value: 60 },
        sent: { count: 1, value: 72 },
      },
      // Q1 (90) and Q3 (50) in March, Q4 (30) in February; Q10 is in USD.
      won: { count: 2, value: 140, previous: { count: 1, value: 30 } },
      lost: { count: 1, value: 200, previous: { count: 0, value: 0 } },
      win_rate_percent: 66.7,
      previous_win_rate_percent: 100,
      // Sent of March's: Q1 10 % (10.00 of 100.00), Q2 9.0909 % (20.00 of 220.00), Q6 10 % (8.00 of 80.00), Q3 none.
      discounts: {
        sent: 4,
        discounted: 3,
        amount: 38,
        average_percent: 9.7,
        // Q1 and Q6 give 10 %; Q1 gives more.
        largest: { quote_id: ids.Q1, number: expect.stringMatching(/^Q-2026-\d{6}$/), revision: 1, percent: 10, amount: 10 },
      },
      times: {
        // Q1 24 h, Q2 12 h, Q3 24 h, Q6 24 h: 21 h.
        request_to_send: { quotes: 4, average_seconds: 21 * 3600 },
        // Decided in March: Q1 48 h, Q2 36 h, Q3 216 h: 100 h.
        send_to_decision: { quotes: 3, average_seconds: 100 * 3600 },
      },
      expiring_this_week: { count: 1, value: 72, until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      // Created in March (EUR): Q1, Q2, Q3, Q5, Q6, Q7, Q8; sent Q1, Q2, Q3, Q6; won Q1, Q3.
      funnel: { created: 7, sent: 4, won: 2 },
      // shelf: Q1 70 + Q2 2 × 40 − 20 + Q5 70 + Q7 70 = 270, 5 pieces; bench: Q2 70 + Q3 40 + Q6 70 + Q8 40 = 220.
      top_products: [
        { product_id: 'shelf', items: 4, quantity: 5, value: 270 },
        { product_id: 'bench', items: 4, quantity: 4, value: 220 },
      ],
      // March's eight items: shelf oak 3 of 4, pine 1 of 4; bench oak 2 of 4, pine 2 of 4.
      options: {
        sampled_items: 8,
        top: [
          { product_id: 'shelf', field: 'wood', option: 'oak', count: 3, share_percent: 75 },
          { product_id: 'bench', field: 'wood', option: 'oak', count: 2, share_percent: 50 },
          { product_id: 'bench', field: 'wood', option: 'pine', count: 2, share_percent: 50 },
          { product_id: 'shelf', field: 'wood', option: 'pine', count: 1, share_percent: 25 },
        ],
      },
      // Weeks from Monday 23 February (1 March is a Sunday): Q1 decided Thursday 5 March, Q3 Monday 30 March.
      trend: [
        { start: '2026-02-23', won: 0, value: 0 },
        { start: '2026-03-02', won: 1, value: 90 },
        { start: '2026-03-09', won: 0, value: 0 },
        { start: '2026-03-16', won: 0, value: 0 },
        { start: '2026-03-23', won: 0, value: 0 },
        { start: '2026-03-30', won: 1, value: 50 },
      ],
    });
  });

  it('groups the trend by day and month, and counts another currency when asked', async () => {
    const { storeId } = await seeded();
    const get = async (query: string) => {
      const res = await admin('GET', `/stores/${storeId}/insights?${query}`);
      expect(res.status, query).toBe(200);
      return res.json<{ trend: { start: string; won: number; value: number }[]; won: { count: number; value: number } }>();
    };
    expect((await get(`${MARCH}&group_by=month`)).trend).toEqual([{ start: '2026-03-01', won: 2, value: 140 }]);
    const days = (await get(`${MARCH}&group_by=day`)).trend;
    expect(days).toHaveLength(31);
    expect(days.filter((d) => d.won > 0)).toEqual([
      { start: '2026-03-05', won: 1, value: 90 },
      { start: '2026-03-30', won: 1, value: 50 },
    ]);
    expect((await get(`${MARCH}&currency=USD`)).won).toEqual({ count: 1, value: 999, previous: { count: 0, value: 0 } });
  });

  it('answers /v1/insights to a key with insights:read, 403 without it or for another store', async () => {
    const { storeId } = await seeded();
    const other = await createStore();
    const reader = await createKey(storeId, ['insights:read']);
    const quoteReader = await createKey(storeId, ['quote:read', 'quote:write']);
    const v1 = (key: string, tenant: string) =>
      call(`/api/v1/insights?tenant_id=${tenant}&${MARCH}`, { headers: { 'X-API-Key': key } });
    const ok = await v1(reader.key, storeId);
    expect(ok.status).toBe(200);
    const adminBody = await (await admin('GET', `/stores/${storeId}/insights?${MARCH}`)).json<Record<string, unknown>>();
    expect(await ok.json()).toEqual({ ...adminBody, expiring_this_week: expect.anything() });
    const without = await v1(quoteReader.key, storeId);
    expect(without.status).toBe(403);
    expect(await without.json()).toMatchObject({ code: 'FORBIDDEN', details: { required_permission: 'insights:read' } });
    const elsewhere = await v1(reader.key, other);
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(`/api/v1/insights?tenant_id=${storeId}`)).status).toBe(401);
    // The admin API: an unknown store is 404; another store's figures are its own (none of this store's quotes).
    expect((await admin('GET', '/stores/no-such-store/insights')).status).toBe(404);
    const others = await (await admin('GET', `/stores/${other}/insights?${MARCH}`)).json<{
      currency: unknown;
      funnel: unknown;
    }>();
    expect(others).toMatchObject({ currency: null, funnel: { created: 0, sent: 0, won: 0 } });
  });

  it('refuses a bad day, a period too long, too many buckets and an unknown group_by or currency with 400 naming the field', async () => {
    const storeId = await createStore();
    const { key } = await createKey(storeId, ['insights:read']);
    for (const [query, field] of [
      ['from=2026-02-30', 'from'],
      ['from=yesterday', 'from'],
      ['to=2026-13-01', 'to'],
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['from=2024-01-01&to=2026-01-02', 'from'],
      ['from=2025-01-01&to=2026-03-01&group_by=day', 'group_by'],
      ['group_by=year', 'group_by'],
      ['currency=XYZ', 'currency'],
      ['currency=eur', 'currency'],
      [`from=${'1'.repeat(40)}`, 'from'],
    ] as const) {
      for (const res of [
        await admin('GET', `/stores/${storeId}/insights?${query}`),
        await call(`/api/v1/insights?tenant_id=${storeId}&${query}`, { headers: { 'X-API-Key': key } }),
      ]) {
        expect(res.status, query).toBe(400);
        expect(await res.json(), query).toMatchObject({ code: 'BAD_REQUEST', errors: [expect.objectContaining({ field })] });
      }
    }
    // The longest period and the most day buckets are answered.
    expect((await admin('GET', `/stores/${storeId}/insights?from=2024-01-01&to=2025-12-31&group_by=week`)).status).toBe(200);
    expect((await admin('GET', `/stores/${storeId}/insights?from=2025-01-01&to=2026-02-04&group_by=day`)).status).toBe(200);
  });

  it('reads every figure through an index: no statement scans quotes or quote_items', async () => {
    const period = periodOf({ from: '2025-01-01', to: '2025-12-31', group_by: 'week' }, Date.now());
    const used = new Set<string>();
    for (const s of [...insightStatements('s', 'EUR', period, Date.now()), ...insightStatements('s', null, period, Date.now())]) {
      const plan = (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${s.sql}`)
          .bind(...s.params)
          .all<{ detail: string }>()
      ).results.map((r) => r.detail);
      for (const line of plan) {
        // A SCAN of a quotes or items table (aliased q and i) reads all of it, an index or not.
        expect(line, `${s.name}: ${plan.join('; ')}`).not.toMatch(/^SCAN (quotes|quote_items|q|i)\b/);
        for (const m of line.matchAll(/USING (?:COVERING )?INDEX (\w+)/g)) used.add(m[1]!);
        // The only other reads of quotes: the newest one's currency (one entry of quotes_store_order, LIMIT 1) and
        // the largest discount's number by its id.
        if (/^SEARCH quotes\b/.test(line) && !line.includes('INDEX quotes_store_order (store_id=?)')) {
          expect(line, s.name).toMatch(/USING COVERING INDEX quotes_store_(created_figures|decided|open)/);
        }
        if (/^SEARCH quote_items\b/.test(line)) {
          expect(line, s.name).toMatch(/USING (COVERING )?INDEX quote_items_store_(created|product_time)\b/);
        }
      }
    }
    expect([...used].sort()).toEqual(
      expect.arrayContaining([
        'quote_items_store_created',
        'quote_items_store_product_time',
        'quotes_store_created_figures',
        'quotes_store_decided',
        'quotes_store_open',
      ]),
    );
  });
});

describe('the quote list by decision days (where the overview links its won and lost figures)', () => {
  it('lists the quotes accepted or rejected on those days, on the admin API and /v1; a bad day is 422 naming it', async () => {
    const { storeId, ids, get, send } = await seeded();
    const numberOf = async (name: string) => (await (await get(ids[name]!)).json<QuoteJson>()).number;
    const numbers = async (res: Response) => {
      expect(res.status).toBe(200);
      return (await res.json<{ quotes: { number: string }[] }>()).quotes.map((q) => q.number);
    };
    const march = 'decided_from=2026-03-01&decided_to=2026-03-31';
    const [q1, q2, q3, q10] = await Promise.all(['Q1', 'Q2', 'Q3', 'Q10'].map(numberOf));
    expect(await numbers(await admin('GET', `/stores/${storeId}/quotes?status=accepted&${march}`))).toEqual([q3, q1, q10]);
    expect(await numbers(await admin('GET', `/stores/${storeId}/quotes?${march}`))).toEqual([q3, q2, q1, q10]);
    expect(await numbers(await send('GET', `?tenant_id=${storeId}&decided_from=2026-03-06&decided_to=2026-03-12`))).toEqual([q2]);
    for (const [query, field] of [
      ['decided_from=2026-02-30', 'decided_from'],
      ['decided_from=2026-03-10&decided_to=2026-03-01', 'decided_to'],
    ] as const) {
      const res = await admin('GET', `/stores/${storeId}/quotes?${query}`);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field }] });
    }
  });
});
