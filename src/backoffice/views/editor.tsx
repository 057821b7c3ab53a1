import { enc } from '../load';
import type { ProductJson, StoreJson, VersionJson } from '../types';
import { Layout } from './layout';
import { PageHead, Time } from './parts';
import { storeCrumbs } from './stores';

/** What a new product starts from: small, valid, and showing the main parts of a schema. */
export const NEW_PRODUCT_TEMPLATE = `product "New product" {
  language: en
  currency: EUR
}

field width: number {
  label: "Width"
  unit: "mm"
  min: 200, max: 2000, step: 10, default: 800
}

price {
  line base: "Base price" = 50 + width * 0.1
}
`;

/** The editor's markup (editor-view.js brings it to life). Text layers are filled in by the script. */
export function Editor({ source, readonly }: { source: string; readonly: boolean }) {
  return (
    <div class={readonly ? 'editor readonly' : 'editor'}>
      <div class="editor-scroll">
        <div class="gutter" aria-hidden="true"></div>
        <div class="code">
          <pre class="layer layer-hl" aria-hidden="true">
            {source}
          </pre>
          <pre class="layer layer-diag" aria-hidden="true"></pre>
          {/* The HTML parser drops one newline right after <textarea>, so one is added to keep the source's own. */}
          <textarea
            id="schema"
            name="schema"
            spellcheck={false}
            autocapitalize="off"
            autocomplete="off"
            wrap="off"
            readonly={readonly}
            aria-label={readonly ? 'Schema source (read only)' : 'Schema source'}
            aria-describedby="editor-help"
          >
            {`\n${source}`}
          </textarea>
        </div>
      </div>
      <div class="editor-status">
        <span id="caret-status">Line 1, column 1</span>
        <span id="editor-help">{readonly ? 'Read only' : 'Tab indents · Esc then Tab leaves the editor · Ctrl+S saves'}</span>
      </div>
    </div>
  );
}

function productBase(store: StoreJson, productId: string): string {
  return `/admin/stores/${enc(store.id)}/products/${enc(productId)}`;
}

function Versions({ store, product, viewing }: { store: StoreJson; product: ProductJson; viewing?: number }) {
  const base = productBase(store, product.external_id);
  return (
    <section class="card" id="versions" aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      <ol class="versions" reversed>
        {[...product.versions].reverse().map((v) => (
          <li>
            <span>
              {v.version === viewing ? (
                <strong aria-current="page">{`Version ${v.version}`}</strong>
              ) : (
                <a href={`${base}/versions/${v.version}`}>{`Version ${v.version}`}</a>
              )}
              {v.version === product.current_version && <span class="badge ok">current</span>}
            </span>
            <span class="muted">
              <Time iso={v.created_at} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ProductHead({ store, product, title }: { store: StoreJson; product: ProductJson | null; title: string }) {
  const actions = product && (
    <a class="btn" href={`${productBase(store, product.external_id)}/preview`}>
      Open preview
    </a>
  );
  return (
    <div id="product-head">
      <PageHead title={title} actions={actions}>
        {product ? (
          <p>
            <span class="mono">{product.external_id}</span> · current version <strong>{product.current_version}</strong> · updated{' '}
            <Time iso={product.updated_at} />
          </p>
        ) : (
          <p>Write the schema, give the product an id, and create it. Problems are marked as you type.</p>
        )}
      </PageHead>
    </div>
  );
}

interface EditorPageProps {
  csrf: string;
  store: StoreJson;
  product: ProductJson | null;
  source: string;
  /** Set when the editor starts from an older version's source rather than the current one. */
  fromVersion?: number | undefined;
}

export function EditorPage({ csrf, store, product, source, fromVersion }: EditorPageProps) {
  const title = product ? product.name : 'New product';
  const crumbs = storeCrumbs(store, { label: title });
  return (
    <Layout title={title} csrf={csrf} crumbs={crumbs} scripts={['highlight', 'editor-view', 'editor']} wide>
      <ProductHead store={store} product={product} title={title} />
      {fromVersion !== undefined && (
        <div class="notice warn">{`This is the source of version ${fromVersion}. Saving it makes it the new current version.`}</div>
      )}
      <form
        id="schema-form"
        data-store={store.id}
        data-product={product?.external_id ?? ''}
        data-dirty={fromVersion !== undefined ? 'true' : 'false'}
      >
        <div class="editor-layout">
          <div>
            <div class="editor-bar">
              {product ? (
                <p class="muted">Saving stores a new version; storefronts get it on their next request.</p>
              ) : (
                <div class="field">
                  <label for="product-id">Product id</label>
                  <input
                    id="product-id"
                    required
                    maxlength={128}
                    autocomplete="off"
                    placeholder="e.g. pvc-window"
                    aria-describedby="product-id-hint product-id-error"
                  />
                  <span class="hint" id="product-id-hint">
                    The storefront's <code>product_id</code>.
                  </span>
                  <span class="field-error" id="product-id-error"></span>
                </div>
              )}
              <button id="save" class="btn primary" type="submit">
                {product ? 'Save new version' : 'Create product'}
              </button>
            </div>
            <Editor source={source} readonly={false} />
          </div>
          <aside>
            <section class="card" aria-labelledby="problems-title">
              <h2 id="problems-title">Problems</h2>
              <p id="diag-summary" class="diag-summary is-busy" role="status">
                Checking…
              </p>
              <ul id="diag-list" class="diag-list"></ul>
            </section>
            {product && <Versions store={store} product={product} />}
          </aside>
        </div>
      </form>
    </Layout>
  );
}

export function VersionPage({
  csrf,
  store,
  product,
  version,
}: {
  csrf: string;
  store: StoreJson;
  product: ProductJson;
  version: VersionJson;
}) {
  const base = productBase(store, product.external_id);
  const crumbs = storeCrumbs(store, { href: base, label: product.name }, { label: `Version ${version.version}` });
  const isCurrent = version.version === product.current_version;
  const actions = (
    <>
      <a class="btn" href={base}>
        Back to the editor
      </a>
      {!isCurrent && (
        <a class="btn primary" href={`${base}?from=${version.version}`}>
          Restore in the editor
        </a>
      )}
    </>
  );
  return (
    <Layout
      title={`Version ${version.version} · ${product.name}`}
      csrf={csrf}
      crumbs={crumbs}
      scripts={['highlight', 'editor-view', 'editor']}
      wide
    >
      <PageHead title={`${product.name}, version ${version.version}`} actions={actions}>
        <p>
          Saved <Time iso={version.created_at} /> · <span class="mono">{`sha256 ${version.content_hash.slice(0, 12)}…`}</span>
          {isCurrent && (
            <>
              {' '}
              · <span class="badge ok">current</span>
            </>
          )}
        </p>
      </PageHead>
      <form id="schema-form" data-store={store.id} data-product={product.external_id}>
        <div class="editor-layout">
          <Editor source={version.source} readonly />
          <aside>
            <Versions store={store} product={product} viewing={version.version} />
          </aside>
        </div>
      </form>
    </Layout>
  );
}
