import { SLUG_PATTERN } from '../../api/admin/markets';
import { enc } from '../load';
import type { CustomerGroupJson, MarketJson, PriceListJson, StoreJson } from '../types';
import { DataTable, Empty, FormError } from './parts';
import { listState } from './price-lists';
import { StorePage } from './stores';

// Stores > Markets: where a store sells (currency, countries, language, tax) and which price list each customer
// group gets there (docs/backoffice.md, "Markets and price lists").

/** Spare assignment rows in the market form beyond those it has; a blank row is not sent (forms.ts). */
const SPARE_ROWS = 2;

function Tax({ tax }: { tax: MarketJson['tax'] }) {
  if (!tax) return <span class="muted">none</span>;
  return <>{`${tax.rate} % ${tax.prices === 'gross' ? 'included' : 'added'}`}</>;
}

interface RowProps {
  storeId: string;
  market: MarketJson;
  groups: CustomerGroupJson[];
  lists: PriceListJson[];
  today: string;
}

/**
 * The list of each assignment that prices today: of a group's lists valid today, the one starting last (docs/api.md,
 * "Markets and price lists"); the others say when they start or that they ended.
 */
function inForce(market: MarketJson, lists: PriceListJson[], today: string): Set<string> {
  const byId = new Map(lists.map((l) => [l.id, l]));
  const chosen = new Map<string, PriceListJson>();
  for (const a of market.price_lists) {
    const list = byId.get(a.list);
    if (!list || listState(list, today) !== 'in force') continue;
    const best = chosen.get(a.group);
    if (!best || (list.valid_from ?? '') > (best.valid_from ?? '')) chosen.set(a.group, list);
  }
  return new Set([...chosen].map(([group, list]) => `${group}:${list.id}`));
}

function Assignments({ storeId, market, groups, lists, today }: RowProps) {
  if (market.price_lists.length === 0) return <span class="muted">the model's prices</span>;
  const name = new Map(groups.map((g) => [g.id, g.name]));
  const byId = new Map(lists.map((l) => [l.id, l]));
  const pricing = inForce(market, lists, today);
  return (
    <ul class="plain">
      {market.price_lists.map((a) => {
        const list = byId.get(a.list);
        const state = list ? listState(list, today) : null;
        return (
          <li>
            {`${name.get(a.group) ?? a.group}: `}
            <a href={`/admin/stores/${enc(storeId)}/price-lists/${enc(a.list)}`}>{a.list}</a>{' '}
            {pricing.has(`${a.group}:${a.list}`) ? (
              <span class="badge ok">in force</span>
            ) : state === 'scheduled' ? (
              <span class="badge warn">{`from ${list?.valid_from}`}</span>
            ) : (
              <span class="badge">{state === 'ended' ? 'ended' : 'superseded'}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function MarketRow(props: RowProps) {
  const { storeId, market } = props;
  const action = `/api/admin/stores/${enc(storeId)}/markets/${enc(market.id)}`;
  return (
    <tr data-market-id={market.id}>
      <td data-label="Market">
        <a href={`/admin/stores/${enc(storeId)}/markets/${enc(market.id)}`}>{market.name}</a>{' '}
        {market.default && <span class="badge ok">Default</span>}
        <div class="mono muted">{market.id}</div>
      </td>
      <td data-label="Currency">{market.currency}</td>
      <td data-label="Countries">{market.countries.join(', ') || '—'}</td>
      <td data-label="Language">{market.language ?? '—'}</td>
      <td data-label="Tax">
        <Tax tax={market.tax} />
      </td>
      <td data-label="Price lists">
        <Assignments {...props} />
      </td>
      <td class="num">
        <div class="actions">
          <a class="btn small" href={`/admin/stores/${enc(storeId)}/markets/${enc(market.id)}`}>
            Edit<span class="visually-hidden">{` market ${market.name}`}</span>
          </a>
          <form
            class="api-form"
            data-method="DELETE"
            data-action={action}
            data-success="reload"
            data-flash={`Market "${market.name}" deleted.`}
            data-confirm-title={`Delete "${market.name}"?`}
            data-confirm="Storefronts asking for this market get 404 from now on; keys limited to it lose it."
            data-confirm-action="Delete market"
          >
            <FormError />
            <button class="btn danger small" type="submit">
              Delete…<span class="visually-hidden">{` market ${market.name}`}</span>
            </button>
          </form>
        </div>
      </td>
    </tr>
  );
}

interface FormProps {
  storeId: string;
  market: MarketJson | null;
  groups: CustomerGroupJson[];
  lists: PriceListJson[];
}

/** One row of the assignments: a group and its list, both optional so that a blank row is left out. */
function AssignmentRow({ i, at, groups, lists }: { i: number; at: MarketJson['price_lists'][number] | undefined } & FormProps) {
  return (
    <tr>
      <td>
        <label class="visually-hidden" for={`assign-${i}-group`}>{`Row ${i + 1}: customer group`}</label>
        <select id={`assign-${i}-group`} name={`price_lists.${i}.group`} data-optional>
          <option value="">—</option>
          {groups.map((g) => (
            <option value={g.id} selected={at?.group === g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </td>
      <td>
        <label class="visually-hidden" for={`assign-${i}-list`}>{`Row ${i + 1}: price list`}</label>
        <select id={`assign-${i}-list`} name={`price_lists.${i}.list`} data-optional>
          <option value="">—</option>
          {lists.map((l) => (
            <option value={l.id} selected={at?.list === l.id}>
              {`${l.name} (${l.id}, ${l.currency}${l.valid_from ? ` from ${l.valid_from}` : ''})`}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}

/** Create (market null) or edit a market: every field, sent whole (POST, or PUT on the market). */
export function MarketForm(props: FormProps) {
  const { storeId, market } = props;
  const p = market ? 'edit' : 'new';
  const rows = [...(market?.price_lists ?? []), ...Array<undefined>(SPARE_ROWS).fill(undefined)];
  return (
    <form
      class="api-form"
      data-method={market ? 'PUT' : 'POST'}
      data-action={`/api/admin/stores/${enc(storeId)}/markets${market ? `/${enc(market.id)}` : ''}`}
      data-success="redirect"
      data-redirect={`/admin/stores/${enc(storeId)}/markets`}
      data-flash={market ? 'Market saved.' : 'Market created.'}
    >
      <FormError />
      {!market && (
        <div class="field">
          <label for={`${p}-id`}>Market id</label>
          <input
            id={`${p}-id`}
            name="id"
            required
            maxlength={40}
            pattern={SLUG_PATTERN}
            autocomplete="off"
            aria-describedby={`${p}-id-hint`}
          />
          <span class="hint" id={`${p}-id-hint`}>
            What storefronts send as <code>market</code>, e.g. <code>ch</code>: lowercase letters, digits, - and _.
          </span>
        </div>
      )}
      <div class="field">
        <label for={`${p}-name`}>Name</label>
        <input id={`${p}-name`} name="name" required maxlength={200} value={market?.name} autocomplete="off" />
      </div>
      <div class="pair">
        <div class="field">
          <label for={`${p}-currency`}>Currency</label>
          <input
            id={`${p}-currency`}
            name="currency"
            required
            pattern="[A-Z]{3}"
            maxlength={3}
            value={market?.currency}
            autocomplete="off"
            aria-describedby={`${p}-currency-hint`}
          />
          <span class="hint" id={`${p}-currency-hint`}>
            ISO 4217, e.g. CHF
          </span>
        </div>
        <div class="field">
          <label for={`${p}-language`}>Language</label>
          <input
            id={`${p}-language`}
            name="language"
            maxlength={35}
            value={market?.language ?? ''}
            data-clear
            autocomplete="off"
            aria-describedby={`${p}-language-hint`}
          />
          <span class="hint" id={`${p}-language-hint`}>
            e.g. de-CH; empty: none
          </span>
        </div>
      </div>
      <div class="field">
        <label for={`${p}-countries`}>Countries</label>
        <input
          id={`${p}-countries`}
          name="countries"
          data-type="list"
          value={market?.countries.join(', ')}
          autocomplete="off"
          aria-describedby={`${p}-countries-hint`}
        />
        <span class="hint" id={`${p}-countries-hint`}>
          ISO 3166 codes, commas between, e.g. CH, LI
        </span>
      </div>
      <div class="pair">
        <div class="field">
          <label for={`${p}-tax-rate`}>Tax rate (%)</label>
          <input
            id={`${p}-tax-rate`}
            name="tax.rate"
            data-clear="tax"
            inputmode="decimal"
            value={market?.tax?.rate ?? ''}
            autocomplete="off"
            aria-describedby={`${p}-tax-hint`}
          />
          <span class="hint" id={`${p}-tax-hint`}>
            Blank: no tax
          </span>
        </div>
        <div class="field">
          <label for={`${p}-tax-prices`}>Prices are shown</label>
          <select id={`${p}-tax-prices`} name="tax.prices">
            <option value="net" selected={market?.tax?.prices !== 'gross'}>
              net (tax added)
            </option>
            <option value="gross" selected={market?.tax?.prices === 'gross'}>
              gross (tax included)
            </option>
          </select>
        </div>
      </div>
      <div class="field confirm">
        <input
          id={`${p}-default`}
          type="checkbox"
          name="default"
          value="true"
          data-type="boolean"
          data-optional
          checked={market?.default === true}
          disabled={market?.default === true}
          aria-describedby={`${p}-default-hint`}
        />
        <label for={`${p}-default`}>Default market</label>
      </div>
      <p class="hint" id={`${p}-default-hint`}>
        {market?.default
          ? 'This is the default market; to change that, make another market the default.'
          : 'The market of a request that names none. One per store: ticking this moves the default here.'}
      </p>
      <fieldset class="field" aria-describedby={`${p}-lists-hint`}>
        <legend>Price lists by customer group</legend>
        <div class="table-wrap">
          <table class="assignments">
            <thead>
              <tr>
                <th scope="col">Customer group</th>
                <th scope="col">Price list</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((at, i) => (
                <AssignmentRow {...props} i={i} at={at} />
              ))}
            </tbody>
          </table>
        </div>
        <p class="hint" id={`${p}-lists-hint`}>
          A group may have several lists: the one in force on the day prices (latest start wins). A group without a list in force
          gets the Retail one; with none at all, the model's prices (in the model's currency only). Clear both selects of a row to
          remove it.
        </p>
      </fieldset>
      <button class="btn primary" type="submit">
        {market ? 'Save market' : 'Create market'}
      </button>
    </form>
  );
}

export function MarketsPage(props: {
  csrf: string;
  store: StoreJson;
  markets: MarketJson[];
  groups: CustomerGroupJson[];
  lists: PriceListJson[];
  today: string;
}) {
  const { csrf, store, markets, groups } = props;
  return (
    <StorePage csrf={csrf} store={store} tab="markets" title="Markets">
      <section class="card" aria-labelledby="markets-title">
        <h2 id="markets-title">Markets</h2>
        {markets.length === 0 ? (
          <Empty title="No markets yet: every request prices as the model says">
            <p>Create one to sell in another currency, with its own tax and price lists.</p>
          </Empty>
        ) : (
          <DataTable
            columns={[
              'Market',
              'Currency',
              'Countries',
              'Language',
              'Tax',
              'Price lists',
              { label: 'Actions', numeric: true, hidden: true },
            ]}
          >
            {markets.map((m) => (
              <MarketRow storeId={store.id} market={m} groups={groups} lists={props.lists} today={props.today} />
            ))}
          </DataTable>
        )}
      </section>
      <section class="card" aria-labelledby="new-market-title">
        <h2 id="new-market-title">Create a market</h2>
        <MarketForm storeId={store.id} market={null} groups={groups} lists={props.lists} />
      </section>
    </StorePage>
  );
}

export function MarketPage(props: {
  csrf: string;
  store: StoreJson;
  market: MarketJson;
  groups: CustomerGroupJson[];
  lists: PriceListJson[];
}) {
  const { csrf, store, market } = props;
  return (
    <StorePage
      csrf={csrf}
      store={store}
      tab="markets"
      title={market.name}
      crumbs={[{ href: `/admin/stores/${enc(store.id)}/markets`, label: 'Markets' }, { label: market.name }]}
    >
      <section class="card" aria-labelledby="market-title">
        <h2 id="market-title">
          {`Market ${market.name} `}
          <span class="mono muted">{market.id}</span>
        </h2>
        <MarketForm storeId={store.id} market={market} groups={props.groups} lists={props.lists} />
      </section>
    </StorePage>
  );
}
