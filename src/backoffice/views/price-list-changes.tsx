import { enc } from '../load';
import type { DiffRowJson, PriceListChangeJson, PriceListDiffJson, PriceListJson, ProductSummaryJson, StoreJson } from '../types';
import { DataTable, Empty, Time } from './parts';
import { ListFrame } from './price-list';

// A price list's diff (against the list in force, or another list) and its history: who changed what, when.

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function Amount({ value }: { value: string | null }) {
  return value === null ? <span class="muted">none</span> : value;
}

type Kind = 'added' | 'removed' | 'changed';
const KIND_CLASS: Record<Kind, string> = { added: 'diff-add', removed: 'diff-del', changed: 'diff-change' };

/** Rows of a diff or of a change: product, price, the amount before and after. */
function RowsTable({ rows, before, after }: { rows: [Kind | null, DiffRowJson][]; before: string; after: string }) {
  return (
    <DataTable columns={['Product', 'Price', { label: before, numeric: true }, { label: after, numeric: true }]}>
      {rows.map(([kind, r]) => (
        <tr class={kind ? KIND_CLASS[kind] : undefined}>
          <td class="mono" data-label="Product">
            {r.product}
          </td>
          <td class="mono" data-label="Price">
            {r.price}
            {kind && <span class="visually-hidden">{` ${kind}`}</span>}
          </td>
          <td class="num" data-label={before}>
            <Amount value={r.old} />
          </td>
          <td class="num" data-label={after}>
            <Amount value={r.new} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export interface DiffChoice {
  against: string;
  product: string | null;
}

export function PriceListDiffPage(props: {
  csrf: string;
  store: StoreJson;
  list: PriceListJson;
  lists: PriceListJson[];
  products: ProductSummaryJson[];
  choice: DiffChoice;
  diff: PriceListDiffJson | null;
  problem: string | null;
}) {
  const { csrf, store, list, diff, choice } = props;
  const rows: [Kind, DiffRowJson][] = diff
    ? [
        ...diff.changed.map((r): [Kind, DiffRowJson] => ['changed', r]),
        ...diff.added.map((r): [Kind, DiffRowJson] => ['added', r]),
        ...diff.removed.map((r): [Kind, DiffRowJson] => ['removed', r]),
      ]
    : [];
  const left = Object.values(diff?.truncated ?? {}).reduce((a, b) => a + b, 0);
  return (
    <ListFrame csrf={csrf} store={store} list={list} page="Compare">
      <section class="card" aria-labelledby="diff-title">
        <h2 id="diff-title">{`Compare ${list.name}`}</h2>
        <form method="get" class="compare">
          <label for="diff-against">With</label>
          <select id="diff-against" name="against">
            <option value="in-force" selected={choice.against === 'in-force'}>
              the list in force now
            </option>
            {props.lists
              .filter((l) => l.id !== list.id)
              .map((l) => (
                <option value={l.id} selected={choice.against === l.id}>
                  {`${l.name} (${l.id})`}
                </option>
              ))}
          </select>
          <label for="diff-product">Product</label>
          <select id="diff-product" name="product">
            <option value="">every product</option>
            {props.products.map((p) => (
              <option value={p.external_id} selected={choice.product === p.external_id}>
                {p.name}
              </option>
            ))}
          </select>
          <button class="btn small" type="submit">
            Compare
          </button>
        </form>
        {props.problem !== null && (
          <p class="notice error" role="alert">
            {props.problem}
          </p>
        )}
        {diff && (
          <>
            <p id="diff-summary">
              {`Against ${diff.against.id} (version ${diff.against.version}), ${list.id} (version ${diff.list.version}) has ${count(diff.counts.changed, 'price')} changed, ${count(diff.counts.added, 'entry', 'entries')} added and ${count(diff.counts.removed, 'entry', 'entries')} removed.`}
            </p>
            {rows.length === 0 ? (
              <Empty title="No differences" />
            ) : (
              <RowsTable rows={rows} before={`In ${diff.against.id}`} after={`In ${diff.list.id}`} />
            )}
            {left > 0 && <p class="muted">{`${count(left, 'more row')} not shown; export both lists as CSV to see all.`}</p>}
          </>
        )}
      </section>
    </ListFrame>
  );
}

/** A change in words: what kind, which settings, how many entries. */
function changeSummary(c: PriceListChangeJson): string {
  const entries = [
    c.added > 0 && `${count(c.added, 'entry', 'entries')} added`,
    c.changed > 0 && `${count(c.changed, 'entry', 'entries')} changed`,
    c.removed > 0 && `${count(c.removed, 'entry', 'entries')} removed`,
  ].filter(Boolean);
  const counted = entries.length > 0 ? entries.join(', ') : 'no entry changed';
  switch (c.kind) {
    case 'created':
      return 'Created';
    case 'settings':
      return `Settings changed: ${(c.fields ?? []).join(', ') || 'none'}`;
    case 'import':
      return `CSV imported: ${counted}`;
    case 'entries':
      return `Prices edited: ${counted}`;
  }
}

/** Who made a change, as the API names them: `admin token`, or `session <id>` for a backoffice session. */
function actor(who: string): string {
  return who.startsWith('session ') ? `backoffice ${who}` : who;
}

export function PriceListHistoryPage(props: {
  csrf: string;
  store: StoreJson;
  list: PriceListJson;
  changes: PriceListChangeJson[];
  nextBefore: number | null;
}) {
  const { csrf, store, list, changes } = props;
  const here = `/admin/stores/${enc(store.id)}/price-lists/${enc(list.id)}/history`;
  return (
    <ListFrame csrf={csrf} store={store} list={list} page="History">
      <section class="card" aria-labelledby="history-title">
        <h2 id="history-title">{`History of ${list.name}`}</h2>
        {changes.length === 0 ? (
          <Empty title="No changes yet" />
        ) : (
          <DataTable columns={[{ label: 'Version', numeric: true }, 'When', 'Who', 'What']}>
            {changes.map((c) => (
              <tr data-version={String(c.version)}>
                <td class="num" data-label="Version">
                  {c.version}
                </td>
                <td data-label="When">
                  <Time iso={c.at} />
                </td>
                <td data-label="Who">{actor(c.actor)}</td>
                <td data-label="What">
                  {changeSummary(c)}
                  {c.rows.length > 0 && (
                    <details>
                      <summary>{`The ${c.rows.length === 1 ? 'row' : `${c.rows.length} rows`}`}</summary>
                      <RowsTable rows={c.rows.map((r) => [null, r])} before="Before" after="After" />
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {props.nextBefore !== null && (
          <p>
            <a class="btn" href={`${here}?before=${props.nextBefore}`}>
              Older changes
            </a>
          </p>
        )}
      </section>
    </ListFrame>
  );
}
