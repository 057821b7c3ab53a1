import { enc } from '../load';
import type { ProductJson, StoreJson } from '../types';
import { Layout } from './layout';
import { PageHead } from './parts';
import { storeCrumbs } from './stores';

/** The live preview's frame; preview.js fills in the configurator from the form endpoint. */
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
      scripts={['logic', 'preview-fields', 'preview-result', 'preview']}
      wide
    >
      <PageHead title={`Preview: ${product.name}`} actions={actions}>
        <p>
          Version {product.current_version}, as a storefront gets it. Change values to see the price, outputs and rules update.
        </p>
      </PageHead>
      <div id="preview" data-store={store.id} data-product={product.external_id} data-lang={lang}>
        <div class="pv-layout">
          <section class="card" aria-label="Configurator">
            <div class="pv-toolbar">
              <div class="field">
                <label for="pv-lang">Language</label>
                <select id="pv-lang"></select>
              </div>
              <div class="field">
                <label for="pv-quantity">Order quantity</label>
                <input id="pv-quantity" type="number" inputmode="numeric" aria-describedby="pv-quantity-error" />
                <span id="pv-quantity-error" class="field-error" hidden></span>
              </div>
              <button id="pv-reset" class="btn" type="button">
                Reset to defaults
              </button>
            </div>
            <div id="pv-form" class="pv-form">
              <p class="pv-loading">Loading the configurator…</p>
            </div>
            <noscript>
              <p class="notice warn">The preview runs in the browser: turn on JavaScript to use it.</p>
            </noscript>
          </section>
          <aside id="pv-result" class="card pv-result" aria-label="Price and outputs">
            <p class="pv-loading">Calculating…</p>
          </aside>
        </div>
      </div>
    </Layout>
  );
}
