import { Hono } from 'hono';
import { adminGet } from '../api';
import type { BackofficeEnv } from '../env';
import { enc, load, PageNotFound } from '../load';
import type { DraftJson, ProductJson, StoreJson, VersionJson } from '../types';
import { EditorPage, NEW_PRODUCT_TEMPLATE, VersionPage } from '../views/editor';
import { PreviewPage } from '../views/preview';

const VERSION = /^[1-9]\d{0,8}$/;

export const productPages = new Hono<BackofficeEnv>()
  // Not under /products/: 'new' is a valid product id.
  .get('/:store/new-product', async (c) => {
    const store = await load<StoreJson>(c, `/stores/${enc(c.req.param('store'))}`);
    return c.html(
      <EditorPage csrf={c.var.csrf} styleNonce={c.var.styleNonce} store={store} product={null} source={NEW_PRODUCT_TEMPLATE} />,
    );
  })
  .get('/:store/products/:product', async (c) => {
    const s = enc(c.req.param('store'));
    const p = enc(c.req.param('product'));
    const [store, found, answer] = await Promise.all([
      load<StoreJson>(c, `/stores/${s}`),
      adminGet<ProductJson>(c, `/stores/${s}/products/${p}`),
      adminGet<DraftJson>(c, `/stores/${s}/products/${p}/draft`),
    ]);
    // The editor opens on the draft when there is one (404: none), else on the current version.
    const draft = answer.status === 200 ? answer.body : null;
    if (found.status === 404 && draft) {
      // A new product's unpublished draft: no version yet; Publish creates version 1.
      const id = c.req.param('product');
      return c.html(
        <EditorPage
          csrf={c.var.csrf}
          styleNonce={c.var.styleNonce}
          store={store}
          product={null}
          draftOf={id}
          draft={draft}
          source={draft.source}
        />,
      );
    }
    // Any other failure is answered as load answers it (404 page, or a thrown bug).
    const product = found.status === 200 ? found.body : await load<ProductJson>(c, `/stores/${s}/products/${p}`);
    const page = { csrf: c.var.csrf, styleNonce: c.var.styleNonce, store, product, draft };
    const from = c.req.query('from');
    if (from === undefined || !VERSION.test(from) || Number(from) === product.current_version) {
      return c.html(<EditorPage {...page} source={draft?.source ?? product.source} />);
    }
    const version = await load<VersionJson>(c, `/stores/${s}/products/${p}/versions/${from}`);
    return c.html(<EditorPage {...page} source={version.source} fromVersion={version.version} />);
  })
  .get('/:store/products/:product/versions/:version', async (c) => {
    const s = enc(c.req.param('store'));
    const p = enc(c.req.param('product'));
    const n = c.req.param('version');
    if (!VERSION.test(n)) throw new PageNotFound(`There is no version '${n}'`);
    const [store, product, version] = await Promise.all([
      load<StoreJson>(c, `/stores/${s}`),
      load<ProductJson>(c, `/stores/${s}/products/${p}`),
      load<VersionJson>(c, `/stores/${s}/products/${p}/versions/${n}`),
    ]);
    return c.html(
      <VersionPage csrf={c.var.csrf} styleNonce={c.var.styleNonce} store={store} product={product} version={version} />,
    );
  })
  .get('/:store/products/:product/preview', async (c) => {
    const s = enc(c.req.param('store'));
    const p = enc(c.req.param('product'));
    const [store, product] = await Promise.all([
      load<StoreJson>(c, `/stores/${s}`),
      load<ProductJson>(c, `/stores/${s}/products/${p}`),
    ]);
    return c.html(<PreviewPage csrf={c.var.csrf} store={store} product={product} lang={c.req.query('lang') ?? ''} />);
  });
