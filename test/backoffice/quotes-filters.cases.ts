import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createStore, saveProduct } from '../helpers';
import { signIn } from './sign-in';

// Stores > Quotes' filters in the page's address: the list and its CSV export honour them.

const get = async (path: string, cookie: string) => call(path, { headers: { Cookie: cookie }, redirect: 'manual' });

async function store() {
  const { cookie } = await signIn();
  const id = await createStore();
  for (const p of ['shelf', 'bench']) expect((await saveProduct(id, p, SHELF)).status).toBe(201);
  const make = async (product_id: string, day: string) => {
    const res = await admin('POST', `/stores/${id}/quotes`, {
      items: [{ product_id, configuration: {} }],
      customer: { name: 'Ada' },
    });
    const q = await res.json<{ id: string; number: string }>();
    const { env } = await import('cloudflare:workers');
    await (await storeBinding(env, id))
      .prepare('UPDATE quotes SET created_at = ? WHERE id = ?')
      .bind(Date.parse(`${day}T09:00:00Z`), q.id)
      .run();
    return q.number;
  };
  const numbers = [await make('shelf', '2026-03-01'), await make('bench', '2026-03-02'), await make('bench', '2026-03-05')];
  return { cookie, id, numbers };
}

const rows = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1, -1)
    .map((l) => l.split(',')[0]);

describe('Stores > Quotes filters', () => {
  it('lists and exports what the product and day filters keep, and the form shows them', async () => {
    const { cookie, id, numbers } = await store();
    const query = 'product=bench&from=2026-03-01&to=2026-03-04';
    const page = await get(`/admin/stores/${id}/quotes?${query}&status=`, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(numbers[1]);
    expect(html).not.toContain(numbers[0]);
    expect(html).not.toContain(numbers[2]);
    expect(html).toMatch(/<option value="bench" selected="">/);
    expect(html).toContain('id="quote-from" name="from" type="date" value="2026-03-01"');
    expect(html).toContain(`href="/admin/stores/${id}/quotes.csv?${query.replaceAll('&', '&amp;')}"`);
    expect(rows(await (await get(`/admin/stores/${id}/quotes.csv?${query}`, cookie)).text())).toEqual([numbers[1]]);
    expect(rows(await (await get(`/admin/stores/${id}/quotes.csv?product=bench`, cookie)).text())).toEqual([
      numbers[2],
      numbers[1],
    ]);
  });

  it('shows a day that is not one under its field (422), and the export answers the error shape', async () => {
    const { cookie, id } = await store();
    const page = await get(`/admin/stores/${id}/quotes?to=2026-02-30`, cookie);
    expect(page.status).toBe(422);
    const html = await page.text();
    expect(html).toContain('id="quote-to-error"');
    expect(html).toContain('Not a day (YYYY-MM-DD)');
    expect(html).toContain('No quotes here');
    const csv = await get(`/admin/stores/${id}/quotes.csv?from=2026-03-05&to=2026-03-01`, cookie);
    expect(csv.status).toBe(422);
    expect(await csv.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'to' }] });
  });
});
