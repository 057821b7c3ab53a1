import { describe, expect, it } from 'vitest';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createStore, saveProduct } from '../helpers';
import { signIn } from './sign-in';

const csv = async (path: string, cookie: string) => call(path, { headers: { Cookie: cookie }, redirect: 'manual' });

describe('Stores > Quotes > Export CSV', () => {
  it('exports the filtered list, quoting cells and defusing formulas', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    expect((await saveProduct(store, 'shelf', SHELF)).status).toBe(201);
    const create = (customer: Record<string, string>) =>
      admin('POST', `/stores/${store}/quotes`, { items: [{ product_id: 'shelf', configuration: {} }], customer });
    const first = await (await create({ name: '=HYPERLINK("http://x")', company: 'Oak, "Pine" & Co' })).json<{
      number: string;
    }>();
    const second = await (await create({ name: 'Grace', reference: '-12' })).json<{ number: string }>();

    const res = await csv(`/admin/stores/${store}/quotes.csv`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="quotes-${store}.csv"`);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'number,revision,status,customer,company,email,reference,items,total,currency,valid_until,created_at,tax,total_incl_tax',
    );
    expect(lines[1]).toMatch(new RegExp(`^${second.number},1,draft,Grace,,,'-12,1,40,EUR,\\d{4}-\\d{2}-\\d{2},`));
    expect(lines[2]).toContain(`${first.number},1,draft,"'=HYPERLINK(""http://x"")","Oak, ""Pine"" & Co",,,1,40,EUR,`);
    expect(lines).toHaveLength(4);

    const found = (await (await csv(`/admin/stores/${store}/quotes.csv?q=Grace`, cookie)).text()).split('\r\n');
    expect(found.slice(1, -1).map((l) => l.split(',')[0])).toEqual([second.number]);
    expect((await csv('/admin/stores/no-such-store/quotes.csv', cookie)).status).toBe(404);
  });

  it('defuses a formula after any separator a spreadsheet may split on, not only at the start of a cell', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    expect((await saveProduct(store, 'shelf', SHELF)).status).toBe(201);
    const customer = { name: 'x;=1+1;y', company: 'Oak|+SUM(A1); @cmd', reference: 'a\t-2,=3' };
    const res = await admin('POST', `/stores/${store}/quotes`, { items: [{ product_id: 'shelf', configuration: {} }], customer });
    expect(res.status).toBe(201);
    const line = (await (await csv(`/admin/stores/${store}/quotes.csv`, cookie)).text()).split('\r\n')[1]!;
    expect(line).toContain(`,x;'=1+1;y,Oak|'+SUM(A1); '@cmd,,"a\t'-2,'=3",`);
    // However a spreadsheet splits the line (de-DE and fr-FR on ;), no cell starts a formula.
    for (const separator of [',', ';', '\t', '|']) {
      for (const part of line.split(separator)) expect(part.replace(/^[" ]*/, ''), separator).not.toMatch(/^[=+\-@]/);
    }
  });

  it('finds quotes by product id too', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    expect((await saveProduct(store, 'shelf', SHELF)).status).toBe(201);
    expect((await saveProduct(store, 'oak_rack', SHELF)).status).toBe(201);
    const create = (product_id: string) =>
      admin('POST', `/stores/${store}/quotes`, { items: [{ product_id, configuration: {} }], customer: { name: 'Ada' } });
    const rack = await (await create('oak_rack')).json<{ number: string }>();
    await create('shelf');
    const found = (await (await csv(`/admin/stores/${store}/quotes.csv?q=oak_r`, cookie)).text()).split('\r\n');
    expect(found.slice(1, -1).map((l) => l.split(',')[0])).toEqual([rack.number]);
  });
});
