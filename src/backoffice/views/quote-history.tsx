import type { Child } from 'hono/jsx';
import { enc } from '../load';
import type { QuoteJson } from '../types';
import { DataTable, Time } from './parts';
import { actorName, type DeskFormat } from './quote-format';

// A quote's history on the desk, each entry's details in words: a discount as "5 %" or an amount in the desk's
// money, an item by its product, a revision by its number; never JSON or an id (docs/backoffice.md, "History").

type Entry = QuoteJson['history'][number];
type Discount = { type: 'percent' | 'amount'; value: number; reason?: string };

const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();

const isDiscount = (v: unknown): v is Discount =>
  typeof v === 'object' && v !== null && 'type' in v && 'value' in v && typeof v.value === 'number';

interface Reading {
  quote: QuoteJson;
  store: string;
  fmt: DeskFormat;
}

function discountText(d: unknown, { quote, fmt }: Reading): string {
  if (d === null) return 'removed';
  if (!isDiscount(d)) return String(d);
  const amount = d.type === 'percent' ? fmt.percent(d.value) : fmt.money(d.value, quote.currency);
  return d.reason ? `${amount} (${d.reason})` : amount;
}

function valueText(key: string, value: unknown, r: Reading): string {
  if (key === 'discount' || key === 'line_discount') return discountText(value, r);
  if (key === 'price' && typeof value === 'number') return r.fmt.money(value, r.quote.currency);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? words(v) : String(v))).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'object' && value !== null ? Object.keys(value).map(words).join(', ') : String(value);
}

/** An entry's details as "name: value" pairs; the ids it holds as what they name. */
export function HistoryDetails({ entry, ...r }: Reading & { entry: Entry }) {
  const { quote, store } = r;
  const href = (id: string) => `/admin/stores/${enc(store)}/quotes/${enc(id)}`;
  const item = (id: unknown) => quote.items.find((i) => i.id === id)?.product_name;
  const parts = Object.entries(entry.details).flatMap(([k, v]): Child[] => {
    // A revision's entries name its neighbour by id: said by its number, as a link.
    if (k === 'revises' && typeof v === 'string') return [<a href={href(v)}>revises revision {quote.revision - 1}</a>];
    if (k === 'superseded_by' && typeof v === 'string') {
      const n = entry.details.revision;
      return [<a href={href(v)}>{typeof n === 'number' ? `replaced by revision ${n}` : 'replaced by a newer revision'}</a>];
    }
    if (k === 'revision' && typeof v === 'number' && 'superseded_by' in entry.details) return [];
    // An item by its product: the entry names the product already, or the item is still on the quote.
    if (k === 'item_id') return 'product_id' in entry.details ? [] : [`item: ${item(v) ?? 'one no longer on the quote'}`];
    return [`${words(k)}: ${valueText(k, v, r)}`];
  });
  return <>{parts.flatMap((p, i): Child[] => (i === 0 ? [p] : [' · ', p]))}</>;
}

export function QuoteHistory(r: Reading & { keyNames: Map<string, string> }) {
  return (
    <section class="card" aria-labelledby="quote-history-title">
      <h2 id="quote-history-title">History</h2>
      <DataTable columns={[{ label: 'Version', numeric: true }, 'When', 'What', 'Who', 'Details']}>
        {[...r.quote.history].reverse().map((h) => (
          <tr>
            <td data-label="Version" class="num">
              {h.version}
            </td>
            <td data-label="When">
              <Time iso={h.at} format={r.fmt} />
            </td>
            <td data-label="What">{h.action.replaceAll('_', ' ')}</td>
            <td data-label="Who">{actorName(h.actor, r.keyNames)}</td>
            <td data-label="Details" class="muted">
              <HistoryDetails entry={h} quote={r.quote} store={r.store} fmt={r.fmt} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
