import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../errors';
import { adminGet } from '../api';
import type { BackofficeEnv } from '../env';
import { enc, load, loaded } from '../load';
import type {
  PriceEntriesJson,
  PriceListDiffJson,
  PriceListHistoryJson,
  PriceListJson,
  PriceListListJson,
  ProductListJson,
  StoreJson,
} from '../types';
import { PriceListPage } from '../views/price-list';
import { PriceListDiffPage, PriceListHistoryPage } from '../views/price-list-changes';
import { PriceListsPage } from '../views/price-lists';

/** Today as a list's validity counts days: UTC. */
export const today = () => new Date().toISOString().slice(0, 10);

/** A product's grid; a 409 (the list's factors take an amount past 10^12) shown as the API's sentence, not a failed page. */
async function gridOf(c: Context<BackofficeEnv>, path: string, product: string) {
  const answer = await adminGet<PriceEntriesJson & ErrorBody>(c, path);
  if (answer.status === 409) return { product, problem: answer.body.error };
  return loaded<PriceEntriesJson>(path, answer);
}

/** Stores > Price lists: the lists, one list's grid and CSV, its diff and history (docs/backoffice.md). */
export const priceListPages = new Hono<BackofficeEnv>()
  .get('/:store/price-lists', async (c) => {
    const id = enc(c.req.param('store'));
    const [store, { price_lists }] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<PriceListListJson>(c, `/stores/${id}/price-lists`),
    ]);
    return c.html(<PriceListsPage csrf={c.var.csrf} store={store} lists={price_lists} today={today()} />);
  })
  .get('/:store/price-lists/:list', async (c) => {
    const id = enc(c.req.param('store'));
    const path = `/stores/${id}/price-lists/${enc(c.req.param('list'))}`;
    const [store, list, { price_lists }, { products }] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<PriceListJson>(c, path),
      load<PriceListListJson>(c, `/stores/${id}/price-lists`),
      load<ProductListJson>(c, `/stores/${id}/products`),
    ]);
    // The grid shows one product's price points: the one asked for, else the first.
    const product = products.find((p) => p.external_id === c.req.query('product')) ?? products[0];
    const entries = product ? await gridOf(c, `${path}/entries?product=${enc(product.external_id)}`, product.external_id) : null;
    return c.html(
      <PriceListPage
        csrf={c.var.csrf}
        store={store}
        list={list}
        lists={price_lists}
        products={products}
        entries={entries}
        today={today()}
      />,
    );
  })
  .get('/:store/price-lists/:list/diff', async (c) => {
    const id = enc(c.req.param('store'));
    const path = `/stores/${id}/price-lists/${enc(c.req.param('list'))}`;
    const choice = { against: c.req.query('against') || 'in-force', product: c.req.query('product') || null };
    const query = new URLSearchParams({ against: choice.against, ...(choice.product ? { product: choice.product } : {}) });
    const [store, list, { price_lists }, { products }, answer] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<PriceListJson>(c, path),
      load<PriceListListJson>(c, `/stores/${id}/price-lists`),
      load<ProductListJson>(c, `/stores/${id}/products`),
      adminGet<PriceListDiffJson & ErrorBody>(c, `${path}/diff?${query}`),
    ]);
    // Nothing to compare with (no list in force where this one is assigned, an unknown list): the API's sentence.
    const problem = answer.status === 200 ? null : answer.body.error;
    const diff = problem === null ? loaded<PriceListDiffJson>(`${path}/diff`, answer) : null;
    return c.html(
      <PriceListDiffPage
        csrf={c.var.csrf}
        store={store}
        list={list}
        lists={price_lists}
        products={products}
        choice={choice}
        diff={diff}
        problem={problem}
      />,
      (answer.status < 500 ? answer.status : 500) as ContentfulStatusCode,
    );
  })
  .get('/:store/price-lists/:list/history', async (c) => {
    const id = enc(c.req.param('store'));
    const path = `/stores/${id}/price-lists/${enc(c.req.param('list'))}`;
    const before = c.req.query('before');
    const query = before && /^\d{1,9}$/.test(before) ? `?before=${before}` : '';
    const [store, list, history] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<PriceListJson>(c, path),
      load<PriceListHistoryJson>(c, `${path}/history${query}`),
    ]);
    return c.html(
      <PriceListHistoryPage
        csrf={c.var.csrf}
        store={store}
        list={list}
        changes={history.changes}
        nextBefore={history.next_before}
      />,
    );
  });
