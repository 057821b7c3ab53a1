// The Worker bench/price-lists.ts runs in workerd (bundled by it with esbuild): each request loads a price book
// or reads rows inside workerd, as a request of the service does, so the figures hold no Node ↔ workerd transfer.
import { analyze } from '../src/lang';
import type { ProductIR } from '../src/lang/ir';
import { loadPriceBook } from '../src/markets/service/books';
import { readEntries } from '../src/markets/service/entries';
import type { ListSettings } from '../src/markets/service/snapshot';

let ir: ProductIR | undefined;

const list = (id: string, base: string | null, factor: string, rounding: string): ListSettings => ({
  id,
  name: id,
  currency: 'EUR',
  validFrom: null,
  validTo: null,
  base,
  factor,
  rounding,
  version: 1,
});
const retail = list('retail', null, '1', 'minor');
const dealer = list('dealer', 'retail', '0.7', '0.05');

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const store = url.searchParams.get('store') ?? '';
    if (url.pathname === '/schema') {
      ir = analyze(await request.text(), { tests: false }).ir as ProductIR;
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/book') {
      const product = { id: 'grid', version: Number(url.searchParams.get('version')), ir: ir! };
      const chain = url.searchParams.get('list') === 'dealer' ? [dealer, retail] : [retail];
      const { book } = await loadPriceBook(env, store, product, chain);
      return Response.json({ size: book.amounts.size, first: book.amounts.get('cell[10,10]') });
    }
    if (url.pathname === '/rows') {
      const rows = await env.DB.prepare(
        'SELECT price_key, amount FROM price_list_entries WHERE store_id = ? AND list_id = ? AND product_id = ?',
      )
        .bind(store, 'retail', 'grid')
        .all();
      return Response.json({ size: rows.results.length });
    }
    if (url.pathname === '/list')
      return Response.json({ size: (await readEntries(env, store, 'retail')).get('grid')?.size ?? 0 });
    return Response.json({});
  },
};
