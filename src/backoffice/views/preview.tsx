import { enc } from '../load';
import type { ProductJson, StoreJson } from '../types';
import { Layout } from './layout';
import { PageHead } from './parts';
import { storeCrumbs } from './stores';

/**
 * The live preview: the storefront's own <cpq-configurator>, which preview.js (src/browser/preview/) points at the
 * admin preview endpoints. preview.js comes first so the element has its client before it loads anything.
 */
export function PreviewPage({
  csrf,
  store,
  product,
  lang,
}: {
  csrf: string;
  store: StoreJson;
  product: ProductJson;
  lang: string;
}) {
  const base = `/admin/stores/${enc(store.id)}/products/${enc(product.external_id)}`;
  const crumbs = storeCrumbs(store, { href: base, label: product.name }, { label: 'Preview' });
  const actions = (
    <a class="btn" href={base}>
      Edit schema
    </a>
  );
  return (
    <Layout
      title={`Preview · ${product.name}`}
      csrf={csrf}
      crumbs={crumbs}
      modules={['/admin/assets/preview.js', '/embed/v1/configurator.js']}
      wide
    >
      <PageHead title={`Preview: ${product.name}`} actions={actions}>
        <p>
          Version {product.current_version}, exactly as a storefront's <code>&lt;cpq-configurator&gt;</code> shows it, with every
          output group. Change values to see the price, outputs and rules update.
        </p>
      </PageHead>
      <section class="card" aria-label="Configurator">
        <div class="pv-toolbar">
          <div class="field">
            <label for="pv-lang">Language</label>
            <select id="pv-lang"></select>
          </div>
          <button id="pv-reset" class="btn" type="button">
            Reset to defaults
          </button>
        </div>
        <cpq-configurator
          id="pv"
          data-store={store.id}
          data-product={product.external_id}
          lang={lang || undefined}
        ></cpq-configurator>
        <noscript>
          <p class="notice warn">The preview runs in the browser: turn on JavaScript to use it.</p>
        </noscript>
      </section>
    </Layout>
  );
}
