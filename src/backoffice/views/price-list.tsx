import type { Child } from 'hono/jsx';
import { enc } from '../load';
import type { PriceEntriesJson, PriceListJson, PriceRowJson, ProductSummaryJson, StoreJson } from '../types';
import { DataTable, Empty, FormError } from './parts';
import { Derivation, PriceListForm, StateBadge, Validity } from './price-lists';
import { StorePage } from './stores';

// One price list: its settings, the grid of one product's price points (the model's number, this list's entry,
// the price that results), its CSV, and links to its diff and history.

/** Where an effective price comes from: this list's entry, an entry of a list it derives from, or the model. */
const SOURCE: Record<PriceRowJson['source'], string> = {
  entry: 'this list',
  derived: 'a base list',
  model: 'the model',
};

/** The frame of a list's pages: the store's tabs, Price lists > the list in the breadcrumbs. */
export function ListFrame(props: { csrf: string; store: StoreJson; list: PriceListJson; page?: string; children: Child }) {
  const { csrf, store, list, page } = props;
  const href = `/admin/stores/${enc(store.id)}/price-lists`;
  const crumbs = [
    { href, label: 'Price lists' },
    page ? { href: `${href}/${enc(list.id)}`, label: list.name } : { label: list.name },
    ...(page ? [{ label: page }] : []),
  ];
  return (
    <StorePage csrf={csrf} store={store} tab="price-lists" title={page ? `${page} · ${list.name}` : list.name} crumbs={crumbs}>
      {props.children}
    </StorePage>
  );
}

/** Where the list's other pages are, and its facts. */
function ListFacts({ store, list, today }: { store: StoreJson; list: PriceListJson; today: string }) {
  const base = `/admin/stores/${enc(store.id)}/price-lists/${enc(list.id)}`;
  return (
    <section class="card" aria-labelledby="list-title">
      <div class="card-head">
        <h2 id="list-title">
          {`${list.name} `}
          <span class="mono muted">{list.id}</span>
        </h2>
        <div class="actions">
          <a class="btn small" href={`${base}/diff`}>
            Compare with the list in force
          </a>
          <a class="btn small" href={`${base}/history`}>
            History
          </a>
        </div>
      </div>
      <dl class="facts">
        <dt>Currency</dt>
        <dd>{list.currency}</dd>
        <dt>Valid</dt>
        <dd>
          <Validity list={list} /> <StateBadge list={list} today={today} />
        </dd>
        <dt>Without an entry</dt>
        <dd>
          <Derivation list={list} />
        </dd>
        <dt>Version</dt>
        <dd>{list.version}</dd>
      </dl>
    </section>
  );
}

/** The price points of one product: edit the entries in place; an emptied entry is removed (the price derives again). */
function Grid({ store, list, entries }: { store: StoreJson; list: PriceListJson; entries: PriceEntriesJson }) {
  if (entries.rows.length === 0) {
    return (
      <Empty title="This product declares no list prices">
        <p>
          Its model names no price points (docs/schema-language.md, "Price lists"), so every list prices it as the model does.
        </p>
      </Empty>
    );
  }
  return (
    <form
      id="grid"
      class="api-form"
      data-method="PATCH"
      data-action={`/api/admin/stores/${enc(store.id)}/price-lists/${enc(list.id)}/entries`}
      data-send="changed"
      data-success="reload"
      data-flash="Prices saved."
    >
      <FormError />
      <input type="hidden" name="version" value={String(entries.list.version)} data-type="number" />
      <DataTable
        columns={[
          'Price',
          { label: `Model (${entries.product_currency})`, numeric: true },
          { label: `This list (${list.currency})`, numeric: true },
          { label: 'Effective', numeric: true },
          'From',
        ]}
      >
        {entries.rows.map((r, i) => (
          <tr data-row data-price={r.price}>
            <td data-label="Price">
              {r.label}
              <div class="mono muted">{r.price}</div>
              <input type="hidden" name={`entries.${i}.product`} value={entries.product} />
              <input type="hidden" name={`entries.${i}.price`} value={r.price} />
            </td>
            <td class="num" data-label="Model">
              {r.model}
            </td>
            <td class="num" data-label="This list">
              <label class="visually-hidden" for={`entry-${i}`}>{`${r.label} in ${list.name}`}</label>
              <input
                id={`entry-${i}`}
                class="amount"
                name={`entries.${i}.value`}
                value={r.value ?? ''}
                inputmode="decimal"
                placeholder="—"
                autocomplete="off"
                data-clear
              />
            </td>
            <td class="num" data-label="Effective">
              {r.effective}
            </td>
            <td data-label="From">{SOURCE[r.source]}</td>
          </tr>
        ))}
      </DataTable>
      <p class="hint">An empty entry takes the price from the base, as "Without an entry" says. Only changed rows are sent.</p>
      <button class="btn primary" type="submit">
        Save prices
      </button>
    </form>
  );
}

function ProductPicker({ products, product }: { products: ProductSummaryJson[]; product: string | null }) {
  return (
    <form method="get" class="compare">
      <label for="grid-product">Product</label>
      <select id="grid-product" name="product">
        {products.map((p) => (
          <option value={p.external_id} selected={p.external_id === product}>
            {`${p.name} (${p.external_id})`}
          </option>
        ))}
      </select>
      <button class="btn small" type="submit">
        Show
      </button>
    </form>
  );
}

function CsvCard({ store, list }: { store: StoreJson; list: PriceListJson }) {
  const api = `/api/admin/stores/${enc(store.id)}/price-lists/${enc(list.id)}/entries.csv`;
  return (
    <section class="card" aria-labelledby="csv-title">
      <h2 id="csv-title">CSV</h2>
      <p>
        <a class="btn" href={api} download={`${list.id}.csv`}>
          Export CSV
        </a>{' '}
        <span class="muted">
          Every entry of the list: <code>product,price,value</code>, then the model's and the effective price (ignored on import).
        </span>
      </p>
      <form
        id="csv-import"
        class="api-form"
        data-method="PUT"
        data-action={`${api}?version=${list.version}`}
        data-body="file"
        data-content-type="text/csv"
        data-success="reload"
        data-flash="CSV imported."
      >
        <FormError />
        <div class="field narrow">
          <label for="csv-file">CSV file to import</label>
          <input id="csv-file" type="file" name="file" accept=".csv,text/csv" required aria-describedby="csv-hint" />
          <span class="hint" id="csv-hint">
            Up to 10,000 rows. An empty value removes an entry. One bad row rejects the whole file, with its line and column:
            nothing is changed until every row is right.
          </span>
        </div>
        <button class="btn primary" type="submit">
          Import CSV
        </button>
      </form>
    </section>
  );
}

export function PriceListPage(props: {
  csrf: string;
  store: StoreJson;
  list: PriceListJson;
  lists: PriceListJson[];
  products: ProductSummaryJson[];
  /** The product's grid, or (problem) why the API could not price it, such as factors taking an amount past 10^12. */
  entries: PriceEntriesJson | { product: string; problem: string } | null;
  today: string;
}) {
  const { csrf, store, list, entries } = props;
  return (
    <ListFrame csrf={csrf} store={store} list={list}>
      <ListFacts store={store} list={list} today={props.today} />
      <section class="card" aria-labelledby="grid-title">
        <h2 id="grid-title">Prices</h2>
        {props.products.length === 0 ? (
          <Empty title="No products yet" />
        ) : (
          <>
            <ProductPicker products={props.products} product={entries?.product ?? null} />
            {entries && 'problem' in entries && (
              <p class="notice error" role="alert">
                {entries.problem}
              </p>
            )}
            {entries && !('problem' in entries) && <Grid store={store} list={list} entries={entries} />}
          </>
        )}
      </section>
      <CsvCard store={store} list={list} />
      <section class="card" aria-labelledby="settings-title">
        <h2 id="settings-title">Settings</h2>
        <PriceListForm storeId={store.id} list={list} lists={props.lists} />
      </section>
      <section class="card" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete</h2>
        <form
          class="api-form"
          data-method="DELETE"
          data-action={`/api/admin/stores/${enc(store.id)}/price-lists/${enc(list.id)}`}
          data-success="redirect"
          data-redirect={`/admin/stores/${enc(store.id)}/price-lists`}
          data-flash={`Price list "${list.name}" deleted.`}
          data-confirm-title={`Delete "${list.name}"?`}
          data-confirm="Its entries and history go with it. A list a market still uses cannot be deleted."
          data-confirm-action="Delete list"
        >
          <FormError />
          <button class="btn danger" type="submit">
            Delete list…
          </button>
        </form>
      </section>
    </ListFrame>
  );
}
