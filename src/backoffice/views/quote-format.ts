// Money and dates on the quote pages, in the store's locale (its profile's `locale`, e.g. de-DE → 1.234,50 €), or
// the quote's language when the store set none. Dates are calendar days in UTC, as valid_until is kept. A tag Intl
// cannot read (a row written before tags were checked) formats in English rather than failing the page.
import { checkedLocale } from '../../api/locale';

export const money = (amount: number, currency: string, locale: string) =>
  new Intl.NumberFormat(checkedLocale(locale, 'en'), { style: 'currency', currency }).format(amount);

export const day = (isoDay: string, locale: string) =>
  new Intl.DateTimeFormat(checkedLocale(locale, 'en'), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

/** Who made a change: an API key by its name (key:<id> when the key is gone), the admin, or the buyer. */
export const actorName = (actor: string, keyNames: Map<string, string>) =>
  actor.startsWith('key:') ? (keyNames.get(actor.slice(4)) ?? actor) : actor;

const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();

function valueText(key: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? words(v) : JSON.stringify(v))).join(', ');
  // An item's id is a UUID: its first part tells items of one quote apart.
  if (key === 'item_id' && typeof value === 'string') return value.slice(0, 8);
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** A history entry's details as "name: value" pairs, e.g. "fields: customer, valid until · product id: shelf". */
export const detailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([k, v]) => `${words(k)}: ${valueText(k, v)}`)
    .join(' · ');

/** A quote's number as the desk shows it: a revision after the first is named (Q-2026-000007 rev 2). */
export const numberLabel = (q: { number: string; revision: number }) =>
  q.revision > 1 ? `${q.number} rev ${q.revision}` : q.number;
