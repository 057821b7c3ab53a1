import { VERSION_NOTE_MAX } from '../../api/admin/products';
import { enc } from '../load';
import type { DraftJson, ProductJson, StoreJson, VersionJson } from '../types';
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

/**
 * The editor's markup: the source in a textarea (readable without scripts), which the editor bundle
 * (src/browser/editor/) replaces with CodeMirror in `.editor-host`.
 */
export function Editor({ source, readonly }: { source: string; readonly: boolean }) {
  return (
    <div class={readonly ? 'editor readonly' : 'editor'}>
      <div class="editor-host">
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
        >
          {`\n${source}`}
        </textarea>
      </div>
      <div class="editor-status">
        <span id="caret-status">Line 1, column 1</span>
        <span id="editor-help">
          {readonly
            ? 'Read only · Ctrl+F finds'
            : 'Ctrl+Space completes · F8 next problem · Ctrl+F find, replace · Ctrl+/ comment · Esc then Tab leaves'}
        </span>
      </div>
    </div>
  );
}

/** Asked when the session ends while editing (src/browser/editor/session.ts); the draft stays on the page. */
function SignInAgain() {
  return (
    <dialog id="sign-in-again" aria-labelledby="sign-in-again-title">
      <form method="dialog">
        <h2 id="sign-in-again-title">Sign in again to continue</h2>
        <p>Your session has ended. Your draft is kept in this browser and saved as soon as you are signed in.</p>
        <div class="field">
          <label for="sign-in-again-token">Admin token</label>
          <input
            id="sign-in-again-token"
            type="password"
            autocomplete="current-password"
            aria-describedby="sign-in-again-error"
          />
          <p class="field-error" id="sign-in-again-error" role="alert"></p>
        </div>
        <p class="hint">
          Or sign in in another tab, then choose <strong>I signed in elsewhere</strong>.
        </p>
        <div class="actions">
          <button class="btn" type="button" data-elsewhere>
            I signed in elsewhere
          </button>
          <button class="btn primary" type="submit">
            Sign in
          </button>
        </div>
      </form>
    </dialog>
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
      <p>
        <a href={`${base}/versions`}>History: notes and differences</a>
      </p>
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

function ProductHead({
  store,
  product,
  draftOf,
  title,
}: {
  store: StoreJson;
  product: ProductJson | null;
  draftOf: string | undefined;
  title: string;
}) {
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
        ) : draftOf !== undefined ? (
          <p>
            <span class="mono">{draftOf}</span> · not published yet: publishing creates version 1
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
  styleNonce: string;
  store: StoreJson;
  product: ProductJson | null;
  /** The id of a product that has a draft but no version yet (product is then null). */
  draftOf?: string | undefined;
  source: string;
  /** The server's draft the page starts from, when there is one. */
  draft?: DraftJson | null | undefined;
  /** Set when the editor starts from an older version's source rather than the current one. */
  fromVersion?: number | undefined;
}

/** `id` is the product's id, null for a product still to be named. */
function DraftBar({ id, draft }: { id: string | null; draft: DraftJson | null | undefined }) {
  const note = draft
    ? `Draft from ${draft.updated_at.slice(0, 16).replace('T', ' ')} UTC, not published.`
    : 'No unpublished changes.';
  return (
    <div class="editor-bar">
      {id !== null ? (
        <p class="muted">
          Your edits are saved as a draft as you type; storefronts keep the current version until you publish.{' '}
          <span id="draft-status" class="draft-status" role="status" data-state="saved">
            {note}
          </span>
        </p>
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
            The storefront's <code>product_id</code>. <span id="draft-status" class="draft-status" role="status"></span>
          </span>
          <span class="field-error" id="product-id-error"></span>
        </div>
      )}
      <div class="publish">
        {id !== null && (
          <div class="field">
            <label for="publish-note">Note (optional)</label>
            <input id="publish-note" maxlength={VERSION_NOTE_MAX} autocomplete="off" placeholder="What changed" />
          </div>
        )}
        {id !== null && (
          // Shown while the server holds a draft (src/browser/editor/main.ts follows saves and publishes).
          <button id="discard-draft" class="btn danger" type="button" hidden={!draft}>
            Discard draft
          </button>
        )}
        <button id="publish" class="btn primary" type="submit">
          {id !== null ? 'Publish' : 'Create product'}
        </button>
      </div>
    </div>
  );
}

export function EditorPage({ csrf, styleNonce, store, product, draftOf, source, draft, fromVersion }: EditorPageProps) {
  const id = product?.external_id ?? draftOf ?? null;
  const title = product ? product.name : (draftOf ?? 'New product');
  const crumbs = storeCrumbs(store, { label: title });
  return (
    <Layout
      title={title}
      csrf={csrf}
      crumbs={crumbs}
      // The editor first: it gives the preview element its client before the component loads anything.
      modules={['/admin/assets/editor.js', '/embed/v1/configurator.js']}
      styleNonce={styleNonce}
      wide
    >
      <ProductHead store={store} product={product} draftOf={draftOf} title={title} />
      {fromVersion !== undefined && (
        <div class="notice warn">{`This is the source of version ${fromVersion}. Publishing it makes it the new current version.`}</div>
      )}
      <form
        id="schema-form"
        data-store={store.id}
        data-product={id ?? ''}
        data-current={product?.current_version}
        data-draft={draft ? 'true' : 'false'}
        data-dirty={fromVersion !== undefined ? 'true' : 'false'}
      >
        <DraftBar id={id} draft={draft} />
        <div class="editor-layout">
          <div class="editor-main">
            <Editor source={source} readonly={false} />
            <section class="card problems" aria-labelledby="problems-title">
              <div class="problems-head">
                <h2 id="problems-title">Problems</h2>
                <button id="next-problem" class="btn" type="button" aria-keyshortcuts="F8">
                  Next problem (F8)
                </button>
              </div>
              <p id="diag-summary" class="diag-summary is-busy" role="status">
                Checking…
              </p>
              <ul id="diag-list" class="diag-list"></ul>
            </section>
            {id !== null && (
              <section class="card" id="outputs" aria-labelledby="outputs-title" hidden>
                <h2 id="outputs-title">Output groups</h2>
                <p class="muted">As the draft's preview last priced it.</p>
                <p class="muted outputs-empty">The draft has no output groups.</p>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Group</th>
                      <th scope="col">Label</th>
                      <th scope="col">Unit</th>
                      <th scope="col">Access</th>
                    </tr>
                  </thead>
                  <tbody></tbody>
                </table>
              </section>
            )}
            <section class="card" id="tests" aria-labelledby="tests-title" hidden>
              <h2 id="tests-title">Tests</h2>
              <p id="tests-summary" class="diag-summary" role="status"></p>
              <ul id="tests-list" class="tests-list"></ul>
            </section>
          </div>
          <aside class="editor-side">
            <section class="card draft-preview" aria-labelledby="draft-preview-title">
              <h2 id="draft-preview-title">Preview of the draft</h2>
              {id !== null ? (
                <cpq-configurator id="draft-preview"></cpq-configurator>
              ) : (
                <p class="muted">The preview appears once the product is created.</p>
              )}
            </section>
            {product && <Versions store={store} product={product} />}
          </aside>
        </div>
      </form>
      <SignInAgain />
    </Layout>
  );
}

export function VersionPage({
  csrf,
  styleNonce,
  store,
  product,
  version,
}: {
  csrf: string;
  styleNonce: string;
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
      modules={['/admin/assets/editor.js']}
      styleNonce={styleNonce}
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
