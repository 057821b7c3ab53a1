// Real concurrent requests, each its own request to the Worker: D1 serialises the batches, and nothing else may.
import { describe, expect, it } from 'vitest';
import { bySize } from '../soak';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

const CREATIONS = bySize(50, 200);

describe('quotes under concurrency', () => {
  it(`${CREATIONS} concurrent creations on one store: numbered consecutively, without gaps or duplicates`, async () => {
    const t = await quoteTenant();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: CREATIONS }, (_, i) => t.create({ notes: `burst ${i}` })));
    const ms = performance.now() - started;
    expect(answers.map((r) => r.status)).toEqual(Array(CREATIONS).fill(201));
    const numbers = (await Promise.all(answers.map((r) => r.json<QuoteJson>()))).map((q) => q.number);
    const seqs = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: CREATIONS }, (_, i) => i + 1));
    expect(new Set(numbers).size).toBe(CREATIONS);
    console.log(`quotes: ${CREATIONS} concurrent creations in ${Math.round(ms)} ms, numbers 1..${CREATIONS} without gaps`);
  });

  it('20 overlapping creates with one Idempotency-Key make one quote, and every answer is that quote', async () => {
    const t = await quoteTenant();
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.create({}, { 'Idempotency-Key': 'double-click' })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set((await Promise.all(answers.map((r) => r.json<QuoteJson>()))).map((q) => q.id));
    expect(ids.size).toBe(1);
    // The number given to the rolled-back creates was given back: the next quote is number 2.
    expect((await (await t.create()).json<QuoteJson>()).number.endsWith('-000002')).toBe(true);
  });

  it('50 concurrent PATCHes with one If-Match: exactly one wins, the others get 412 and nothing of theirs is written', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.send('PATCH', `/${q.id}`, { notes: `edit ${i}` }, { 'If-Match': '"v1"' })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    const winner = answers.findIndex((r) => r.status === 200);
    const now = await (await t.get(q.id)).json<QuoteJson>();
    expect(now).toMatchObject({ version: 2, notes: `edit ${winner}` });
    expect(now.history.map((h) => h.version)).toEqual([1, 2]);
  });

  it('50 concurrent item adds with one If-Match: one item added, 49 answered 412 and wrote nothing', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.send(
          'POST',
          `/${q.id}/items`,
          { product_id: 'shelf', configuration: {}, quantity: 1 + (i % 20) },
          { 'If-Match': '"v1"' },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    expect(answers.filter((r) => r.status === 412).map((r) => r.headers.get('ETag'))).toEqual(Array(49).fill('"v2"'));
    const now = await (await t.get(q.id)).json<QuoteJson>();
    expect(now.items).toHaveLength(2);
    expect(now.history.map((h) => h.version)).toEqual([1, 2]);
  });

  // Writers that retry until each wins (50 of them, 1,275 requests, under `npm run test:soak`) run against
  // wrangler dev: test/e2e/quotes.e2e.mjs.
  it('20 concurrent item adds without If-Match are all kept (the service retries its own conflicts)', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.send('POST', `/${q.id}/items`, { product_id: 'shelf', configuration: {}, quantity: 1 + i }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    console.log(`quotes: 20 concurrent item adds without If-Match in ${Math.round(performance.now() - started)} ms, all kept`);
    const now = await (await t.get(q.id)).json<QuoteJson>();
    expect(now.items.map((i) => i.quantity).sort((a, b) => a - b)).toEqual([1, ...Array.from({ length: 20 }, (_, i) => i + 1)]);
    expect(now.version).toBe(21);
  });
});
