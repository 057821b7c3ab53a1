import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { SHELF } from '../fixtures/shelf';
import { admin, saveProduct } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// The quote list's filters (docs/quotes.md, "Listing"): product, creation days, with status and search, on /v1 and
// the admin API; a bad day is a 422 in the error shape.

interface ListJson {
  quotes: { number: string; status: string }[];
  next_cursor: string | null;
}

/** Three quotes: shelf on 2026-03-01, shelf and bench on 2026-03-02, bench on 2026-03-03 (created then, as the clock would). */
async function listed() {
  const t = await quoteTenant();
  expect((await saveProduct(t.storeId, 'bench', SHELF)).status).toBe(201);
  const make = async (products: string[], day: string) => {
    const res = await t.create({ items: products.map((product_id) => ({ product_id, configuration: {} })) });
    const q = await res.json<QuoteJson>();
    const { env } = await import('cloudflare:workers');
    await (await storeBinding(env, t.storeId))
      .prepare('UPDATE quotes SET created_at = ? WHERE id = ?')
      .bind(Date.parse(`${day}T12:00:00Z`), q.id)
      .run();
    return q.number;
  };
  const numbers = [
    await make(['shelf'], '2026-03-01'),
    await make(['shelf', 'bench'], '2026-03-02'),
    await make(['bench'], '2026-03-03'),
  ];
  const v1 = async (query: string) => t.send('GET', `?tenant_id=${t.storeId}&${query}`);
  const adminList = async (query: string) => admin('GET', `/stores/${t.storeId}/quotes?${query}`);
  return { t, numbers, v1, adminList };
}

const numbersOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json<ListJson>()).quotes.map((q) => q.number);
};

describe('quote list filters', () => {
  it('narrows by product, by creation days (both included) and with the other filters, on /v1 and the admin API', async () => {
    const { numbers, v1, adminList } = await listed();
    const [first, second, third] = numbers;
    for (const list of [v1, adminList]) {
      expect(await numbersOf(await list('product=bench'))).toEqual([third, second]);
      expect(await numbersOf(await list('product=shel'))).toEqual([]);
      expect(await numbersOf(await list('from=2026-03-02'))).toEqual([third, second]);
      expect(await numbersOf(await list('to=2026-03-02'))).toEqual([second, first]);
      expect(await numbersOf(await list('from=2026-03-02&to=2026-03-02'))).toEqual([second]);
      expect(await numbersOf(await list('product=shelf&from=2026-03-02&status=draft'))).toEqual([second]);
      expect(await numbersOf(await list('product=shelf&status=sent'))).toEqual([]);
      expect(await numbersOf(await list(`product=bench&q=${third}`))).toEqual([third]);
    }
  });

  it('pages a filtered list with its cursor', async () => {
    const { numbers, adminList } = await listed();
    const page = await adminList('from=2026-03-01&limit=2');
    const body = await page.json<ListJson>();
    expect(body.quotes.map((q) => q.number)).toEqual([numbers[2], numbers[1]]);
    expect(await numbersOf(await adminList(`from=2026-03-01&limit=2&cursor=${body.next_cursor}`))).toEqual([numbers[0]]);
  });

  it('answers a day that is not one, or a range ending before it starts, with 422 naming the field', async () => {
    const { v1, adminList } = await listed();
    for (const list of [v1, adminList]) {
      for (const [query, field] of [
        ['from=yesterday', 'from'],
        ['to=2026-02-30', 'to'],
        ['from=2026-3-1', 'from'],
        ['from=2026-03-03&to=2026-03-01', 'to'],
      ] as const) {
        const res = await list(query);
        expect(res.status, query).toBe(422);
        expect(await res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          error: expect.any(String),
          errors: [{ field, code: 'INVALID_VALUE', location: 'query' }],
        });
      }
      const long = await list(`product=${'p'.repeat(129)}`);
      expect(long.status).toBe(400);
      expect(await long.json()).toMatchObject({ code: 'BAD_REQUEST', errors: [{ field: 'product' }] });
      const big = await list('limit=101');
      expect(big.status).toBe(400);
    }
  });

  it("reads through indexes: a store's quotes of a product by quote_items_store_product, its days by quotes_store_created", async () => {
    const { env } = await import('cloudflare:workers');
    const plan = async (query: string, ...values: unknown[]) =>
      (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`)
          .bind(...values)
          .all<{ detail: string }>()
      ).results
        .map((r) => r.detail)
        .join('; ');
    const items = 'SELECT quote_id FROM quote_items WHERE store_id = ? AND product_id = ?';
    expect(await plan(items, 's', 'shelf')).toContain('USING COVERING INDEX quote_items_store_product');
    expect(await plan('SELECT id FROM quotes WHERE store_id = ? AND created_at >= ?', 's', 1)).toContain('quotes_store_created');
  });
});
