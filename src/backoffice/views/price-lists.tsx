import { SLUG_PATTERN } from '../../api/admin/markets';
import { ROUNDINGS } from '../../pricing/rounding';
import { enc } from '../load';
import type { PriceListJson, StoreJson } from '../types';

import { DataTable, Empty, FormError } from './parts';
import { StorePage } from './stores';

// Stores > Price lists: every list with its currency, validity (the schedule: a list takes over on its first day)
// and how it derives from another; a list's own page (settings, grid, CSV, diff, history) is price-list.tsx.

/** What each rounding a form offers (ROUNDINGS) means to a pricing person; the API takes other steps too. */
const ROUNDING_WORDS: Record<(typeof ROUNDINGS)[number], string> = {
  minor: "the currency's smallest unit",
  '0.01': 'to 0.01',
  '0.05': 'to 0.05 (Swiss cash rounding)',
  '0.1': 'to 0.10',
  '0.5': 'to 0.50',
  '1': 'to whole units',
  '5': 'to 5',
  '10': 'to 10',
  '.90': 'ending in .90',
  '.99': 'ending in .99',
};

const roundingWords = (r: string) => ROUNDING_WORDS[r as (typeof ROUNDINGS)[number]] ?? `to ${r}`;

export type ListState = 'in force' | 'scheduled' | 'ended';

/** Where a list stands on `today` (YYYY-MM-DD, UTC): in force from valid_from up to, not including, valid_to. */
export function listState(list: PriceListJson, today: string): ListState {
  if (list.valid_from !== null && today < list.valid_from) return 'scheduled';
  if (list.valid_to !== null && today >= list.valid_to) return 'ended';
  return 'in force';
}

const STATE_BADGE: Record<ListState, string> = { 'in force': 'badge ok', scheduled: 'badge warn', ended: 'badge' };

export function StateBadge({ list, today }: { list: PriceListJson; today: string }) {
  const state = listState(list, today);
  return <span class={STATE_BADGE[state]}>{state}</span>;
}

export function Validity({ list }: { list: PriceListJson }) {
  if (!list.valid_from && !list.valid_to) return <>always</>;
  return (
    <>{`${list.valid_from ? `from ${list.valid_from}` : ''}${list.valid_from && list.valid_to ? ' ' : ''}${list.valid_to ? `until ${list.valid_to}` : ''}`}</>
  );
}

/** How a list's prices come about beyond its own entries: its base, factor and rounding in words. */
export function Derivation({ list }: { list: PriceListJson }) {
  const rounding = roundingWords(list.rounding);
  const factor = list.factor === '1' ? '' : ` × ${list.factor}`;
  return <>{`${list.base ? `list ${list.base}` : "the model's prices"}${factor}, rounded ${rounding}`}</>;
}

function ListRow({ storeId, list, today }: { storeId: string; list: PriceListJson; today: string }) {
  return (
    <tr data-list-id={list.id}>
      <td data-label="List">
        <a href={`/admin/stores/${enc(storeId)}/price-lists/${enc(list.id)}`}>{list.name}</a>
        <div class="mono muted">{list.id}</div>
      </td>
      <td data-label="Currency">{list.currency}</td>
      <td data-label="Valid">
        <Validity list={list} />
      </td>
      <td data-label="Status">
        <StateBadge list={list} today={today} />
      </td>
      <td data-label="Derived from">
        <Derivation list={list} />
      </td>
      <td class="num" data-label="Version">
        {list.version}
      </td>
    </tr>
  );
}

/** Create (list null) or change a list's settings; the id and currency are fixed once made. */
export function PriceListForm({ storeId, list, lists }: { storeId: string; list: PriceListJson | null; lists: PriceListJson[] }) {
  const p = list ? 'edit' : 'new';
  const bases = lists.filter((l) => l.id !== list?.id);
  return (
    <form
      class="api-form"
      data-method={list ? 'PUT' : 'POST'}
      data-action={`/api/admin/stores/${enc(storeId)}/price-lists${list ? `/${enc(list.id)}` : ''}`}
      data-success="redirect"
      data-redirect={`/admin/stores/${enc(storeId)}/price-lists/{id}`}
      data-flash={list ? 'Price list saved.' : 'Price list created.'}
    >
      <FormError />
      {list && <input type="hidden" name="version" value={String(list.version)} data-type="number" />}
      {!list && (
        <div class="field">
          <label for={`${p}-list-id`}>List id</label>
          <input
            id={`${p}-list-id`}
            name="id"
            required
            maxlength={40}
            pattern={SLUG_PATTERN}
            autocomplete="off"
            aria-describedby={`${p}-list-id-hint`}
          />
          <span class="hint" id={`${p}-list-id-hint`}>
            e.g. <code>ch-2027</code>: lowercase letters, digits, - and _. It cannot change later.
          </span>
        </div>
      )}
      <div class="pair">
        <div class="field">
          <label for={`${p}-list-name`}>Name</label>
          <input id={`${p}-list-name`} name="name" required maxlength={200} value={list?.name} autocomplete="off" />
        </div>
        <div class="field">
          <label for={`${p}-list-currency`}>Currency</label>
          <input
            id={`${p}-list-currency`}
            name="currency"
            required
            pattern="[A-Z]{3}"
            maxlength={3}
            value={list?.currency}
            readonly={list !== null}
            autocomplete="off"
            aria-describedby={`${p}-list-currency-hint`}
          />
          <span class="hint" id={`${p}-list-currency-hint`}>
            ISO 4217; amounts are in it
          </span>
        </div>
      </div>
      <fieldset class="field" aria-describedby={`${p}-valid-hint`}>
        <legend>Validity</legend>
        <div class="pair">
          <div class="field">
            <label for={`${p}-valid-from`}>Valid from</label>
            <input id={`${p}-valid-from`} type="date" name="valid_from" value={list?.valid_from ?? ''} data-clear />
          </div>
          <div class="field">
            <label for={`${p}-valid-to`}>Valid until (not including)</label>
            <input id={`${p}-valid-to`} type="date" name="valid_to" value={list?.valid_to ?? ''} data-clear />
          </div>
        </div>
        <p class="hint" id={`${p}-valid-hint`}>
          Days in UTC; empty means no limit. A list starting later is scheduled: on its first day it takes over from the group's
          current list in every market it is assigned to.
        </p>
      </fieldset>
      <fieldset class="field" aria-describedby={`${p}-derive-hint`}>
        <legend>Prices without an entry</legend>
        <div class="pair">
          <div class="field">
            <label for={`${p}-base`}>Based on</label>
            <select id={`${p}-base`} name="base" data-clear>
              <option value="">the model's prices</option>
              {bases.map((b) => (
                <option value={b.id} selected={list?.base === b.id}>
                  {`${b.name} (${b.id}, ${b.currency})`}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for={`${p}-factor`}>Factor</label>
            <input id={`${p}-factor`} name="factor" required inputmode="decimal" value={list?.factor ?? '1'} autocomplete="off" />
          </div>
        </div>
        <div class="field">
          <label for={`${p}-rounding`}>Rounding</label>
          <select id={`${p}-rounding`} name="rounding">
            {[...new Set<string>([...ROUNDINGS, list?.rounding ?? 'minor'])].map((r) => (
              <option value={r} selected={(list?.rounding ?? 'minor') === r}>
                {roundingWords(r)}
              </option>
            ))}
          </select>
        </div>
        <p class="hint" id={`${p}-derive-hint`}>
          A price with no entry in this list is the base's price times the factor, then rounded (e.g. a dealer list: the retail
          list × 0.7). Entries always win.
        </p>
      </fieldset>
      <button class="btn primary" type="submit">
        {list ? 'Save settings' : 'Create price list'}
      </button>
    </form>
  );
}

export function PriceListsPage(props: { csrf: string; store: StoreJson; lists: PriceListJson[]; today: string }) {
  const { csrf, store, lists, today } = props;
  return (
    <StorePage csrf={csrf} store={store} tab="price-lists" title="Price lists">
      <section class="card" aria-labelledby="lists-title">
        <h2 id="lists-title">Price lists</h2>
        {lists.length === 0 ? (
          <Empty title="No price lists yet">
            <p>A list sets the prices the model declares as list prices, for one currency, from a day on.</p>
          </Empty>
        ) : (
          <DataTable columns={['List', 'Currency', 'Valid', 'Status', 'Derived from', { label: 'Version', numeric: true }]}>
            {lists.map((l) => (
              <ListRow storeId={store.id} list={l} today={today} />
            ))}
          </DataTable>
        )}
      </section>
      <section class="card" aria-labelledby="new-list-title">
        <h2 id="new-list-title">Create a price list</h2>
        <PriceListForm storeId={store.id} list={null} lists={lists} />
      </section>
    </StorePage>
  );
}
