// Money, percentages and dates on the quote desk, all in ONE locale: the store's (its profile's `locale`, e.g.
// de-CH → CHF 1’234.50), or DESK_FALLBACK_LOCALE when the store set none, or set a tag Intl does not take (checked
// once, here, by checkedLocale, and never reaches a formatter unchecked). Never a quote's own language: the desk
// lists quotes of many languages in one table. Days (valid_until) are calendar days in UTC, as they are kept.
import { checkedLocale } from '../../api/locale';

export const DESK_FALLBACK_LOCALE = 'en-GB';

/** The locale the desk formats in: the store's when Intl takes it, else the fallback. */
export const deskLocale = (storeLocale: string | null) => checkedLocale(storeLocale, DESK_FALLBACK_LOCALE);

export interface DeskFormat {
  locale: string;
  money: (amount: number, currency: string) => string;
  /** A percent given as a number of percent (5 → "5 %", in the locale's way). */
  percent: (value: number) => string;
  /** A calendar day, YYYY-MM-DD. */
  day: (isoDay: string) => string;
  /** An instant, in UTC on the server (the browser shows it in the reader's time zone, same locale). */
  time: (iso: string) => string;
}

export function deskFormat(storeLocale: string | null): DeskFormat {
  const locale = deskLocale(storeLocale);
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const times = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return {
    locale,
    money: (amount, currency) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount),
    percent: (value) => percents.format(value / 100),
    day: (isoDay) => days.format(new Date(`${isoDay}T00:00:00Z`)),
    time: (iso) => `${times.format(new Date(iso))} UTC`,
  };
}

/** Who made a change: an API key by its name (key:<id> when the key is gone), the admin, or the buyer. */
export const actorName = (actor: string, keyNames: Map<string, string>) =>
  actor.startsWith('key:') ? (keyNames.get(actor.slice(4)) ?? actor) : actor;

/** A quote's number as the desk shows it: a revision after the first is named (Q-2026-000007 rev 2). */
export const numberLabel = (q: { number: string; revision: number }) =>
  q.revision > 1 ? `${q.number} rev ${q.revision}` : q.number;
