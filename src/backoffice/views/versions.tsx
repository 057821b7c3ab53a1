import { enc } from '../load';
import type { ProductJson, StoreJson, VersionDiffJson } from '../types';
import { Layout } from './layout';
import { DataTable, FormError, PageHead, Time } from './parts';
import { storeCrumbs } from './stores';

const productBase = (store: StoreJson, product: ProductJson) =>
  `/admin/stores/${enc(store.id)}/products/${enc(product.external_id)}`;

/** Every version of a product, newest first, with its note; each can be opened or compared with the current one. */
export function VersionsPage({ csrf, store, product }: { csrf: string; store: StoreJson; product: ProductJson }) {
  const base = productBase(store, product);
  const crumbs = storeCrumbs(store, { href: base, label: product.name }, { label: 'History' });
  return (
    <Layout title={`History · ${product.name}`} csrf={csrf} crumbs={crumbs}>
      <PageHead
        title={`${product.name}: history`}
        actions={
          <a class="btn" href={base}>
            Edit schema
          </a>
        }
      >
        <p>
          <span class="mono">{product.external_id}</span> · current version <strong>{product.current_version}</strong>
        </p>
      </PageHead>
      <section class="card" aria-labelledby="history-title">
        <h2 id="history-title">Versions</h2>
        <DataTable columns={['Version', 'Saved', 'Note', { label: 'Actions', numeric: true, hidden: true }]}>
          {product.versions.map((v) => {
            const current = v.version === product.current_version;
            return (
              <tr data-version={v.version}>
                <td data-label="Version">
                  <a href={`${base}/versions/${v.version}`}>{`Version ${v.version}`}</a>{' '}
                  {current && <span class="badge ok">current</span>}
                </td>
                <td data-label="Saved">
                  <Time iso={v.created_at} />
                </td>
                <td data-label="Note" class="note">
                  {v.note ?? <span class="muted">no note</span>}
                </td>
                <td class="num">
                  <div class="actions">
                    {!current && (
                      <a class="btn small" href={`${base}/versions/${v.version}/diff`}>
                        Compare with current<span class="visually-hidden">{` (version ${v.version})`}</span>
                      </a>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      </section>
    </Layout>
  );
}

/** A hunk's lines with their numbers in the old and the new text, as `diff -u` would number them. */
function HunkRows({ hunk }: { hunk: VersionDiffJson['hunks'][number] }) {
  let oldLine = hunk.old_start;
  let newLine = hunk.new_start;
  return (
    <tbody>
      <tr class="diff-hunk">
        <td colspan={3}>{`@@ -${hunk.old_start},${hunk.old_lines} +${hunk.new_start},${hunk.new_lines} @@`}</td>
      </tr>
      {hunk.lines.map((line) => {
        const mark = line[0];
        const text = line.slice(1);
        const kind = mark === '-' ? 'del' : mark === '+' ? 'add' : 'same';
        const before = mark === '+' ? '' : String(oldLine++);
        const after = mark === '-' ? '' : String(newLine++);
        return (
          <tr class={`diff-${kind}`}>
            <td class="ln">{before}</td>
            <td class="ln">{after}</td>
            <td class="code">
              <span class="visually-hidden">{kind === 'del' ? 'removed: ' : kind === 'add' ? 'added: ' : ''}</span>
              <span aria-hidden="true" class="mark">
                {mark === ' ' ? ' ' : mark}
              </span>
              {text}
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

export function DiffPage({
  csrf,
  store,
  product,
  diff,
}: {
  csrf: string;
  store: StoreJson;
  product: ProductJson;
  diff: VersionDiffJson;
}) {
  const base = productBase(store, product);
  const title = `Version ${diff.from_version} → version ${diff.to_version}`;
  const crumbs = storeCrumbs(
    store,
    { href: base, label: product.name },
    { href: `${base}/versions`, label: 'History' },
    { label: title },
  );
  const others = product.versions.filter((v) => v.version !== diff.from_version);
  return (
    <Layout title={`${title} · ${product.name}`} csrf={csrf} crumbs={crumbs} wide>
      <PageHead
        title={`${product.name}: changes`}
        actions={
          <a class="btn" href={`${base}/versions/${diff.from_version}`}>
            {`View version ${diff.from_version}`}
          </a>
        }
      >
        <p>
          {`From version ${diff.from_version} to version ${diff.to_version}`}
          {diff.to_version === product.current_version ? ' (current)' : ''}
          {`: ${diff.added} ${diff.added === 1 ? 'line' : 'lines'} added, ${diff.removed} removed.`}
        </p>
      </PageHead>
      {others.length > 0 && (
        <form class="compare" method="get" action={`${base}/versions/${diff.from_version}/diff`}>
          <label for="against">Compare with</label>
          <select id="against" name="against">
            {others.map((v) => (
              <option value={String(v.version)} selected={v.version === diff.to_version}>
                {`Version ${v.version}${v.version === product.current_version ? ' (current)' : ''}`}
              </option>
            ))}
          </select>
          <button class="btn small" type="submit">
            Compare
          </button>
        </form>
      )}
      {diff.approximate && (
        <div class="notice warn">
          So much changed that the changed part is shown as removed, then added, rather than line by line.
        </div>
      )}
      {diff.truncated?.hunks && <div class="notice warn">{`${diff.truncated.hunks} more changes are not shown.`}</div>}
      <section class="card" aria-labelledby="diff-title">
        <h2 id="diff-title">{title}</h2>
        {diff.hunks.length === 0 ? (
          <p class="muted">The two versions have the same source.</p>
        ) : (
          <div class="diff-wrap">
            <table class="diff">
              <caption class="visually-hidden">{`Changed lines, with their numbers in version ${diff.from_version} and version ${diff.to_version}`}</caption>
              <thead class="visually-hidden">
                <tr>
                  <th scope="col">{`Line in version ${diff.from_version}`}</th>
                  <th scope="col">{`Line in version ${diff.to_version}`}</th>
                  <th scope="col">Text</th>
                </tr>
              </thead>
              {diff.hunks.map((h) => (
                <HunkRows hunk={h} />
              ))}
            </table>
          </div>
        )}
      </section>
    </Layout>
  );
}

/** Asks for the copy's id; the API copies the current version as the new product's version 1. */
export function DuplicatePage({ csrf, store, product }: { csrf: string; store: StoreJson; product: ProductJson }) {
  const base = productBase(store, product);
  const crumbs = storeCrumbs(store, { href: base, label: product.name }, { label: 'Duplicate' });
  return (
    <Layout title={`Duplicate · ${product.name}`} csrf={csrf} crumbs={crumbs}>
      <PageHead title={`Duplicate ${product.name}`}>
        <p>{`The copy starts as version 1 with the source of version ${product.current_version}, the current one.`}</p>
      </PageHead>
      <section class="card" aria-labelledby="duplicate-title">
        <h2 id="duplicate-title">The copy</h2>
        <form
          class="api-form"
          data-method="POST"
          data-action={`/api/admin/stores/${enc(store.id)}/products/${enc(product.external_id)}/duplicate`}
          data-success="redirect"
          data-redirect={`/admin/stores/${enc(store.id)}/products/{external_id}`}
          data-flash="Duplicated. This is the copy."
        >
          <FormError />
          <div class="field narrow">
            <label for="copy-id">New product id</label>
            <input
              id="copy-id"
              name="external_id"
              required
              maxlength={128}
              autocomplete="off"
              value={`${product.external_id}-copy`}
              aria-describedby="copy-id-hint"
            />
            <span class="hint" id="copy-id-hint">
              The storefront's <code>product_id</code> for the copy. It keeps the name "{product.name}" until you edit its schema.
            </span>
          </div>
          <div class="actions">
            <button class="btn primary" type="submit">
              Duplicate
            </button>
            <a class="btn" href={`/admin/stores/${enc(store.id)}/products`}>
              Cancel
            </a>
          </div>
        </form>
      </section>
    </Layout>
  );
}
