import { Hono } from 'hono';
import type { BackofficeEnv } from '../env';
import { enc, load } from '../load';
import type { ProductJson, StoreJson, VersionDiffJson } from '../types';
import { DiffPage, DuplicatePage, VersionsPage } from '../views/versions';

// A product's history (versions with their notes, and the diff of any two) and its duplication.

async function storeAndProduct(c: Parameters<typeof load>[0]) {
  const s = enc(c.req.param('store')!);
  const p = enc(c.req.param('product')!);
  const [store, product] = await Promise.all([
    load<StoreJson>(c, `/stores/${s}`),
    load<ProductJson>(c, `/stores/${s}/products/${p}`),
  ]);
  return { store, product, path: `/stores/${s}/products/${p}` };
}

export const versionPages = new Hono<BackofficeEnv>()
  .get('/:store/products/:product/versions', async (c) => {
    const { store, product } = await storeAndProduct(c);
    return c.html(<VersionsPage csrf={c.var.csrf} store={store} product={product} />);
  })
  .get('/:store/products/:product/versions/:version/diff', async (c) => {
    const { store, product, path } = await storeAndProduct(c);
    const against = c.req.query('against');
    const query = against === undefined ? '' : `?against=${enc(against)}`;
    // The API checks the numbers: a bad one is 400, which load() shows as the 404 page.
    const diff = await load<VersionDiffJson>(c, `${path}/versions/${enc(c.req.param('version'))}/diff${query}`);
    return c.html(<DiffPage csrf={c.var.csrf} store={store} product={product} diff={diff} />);
  })
  .get('/:store/products/:product/duplicate', async (c) => {
    const { store, product } = await storeAndProduct(c);
    return c.html(<DuplicatePage csrf={c.var.csrf} store={store} product={product} />);
  });
