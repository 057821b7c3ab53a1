import { deskFormat } from './quote-format';

// Every number and date the store overview shows, formatted in one place in the desk's one locale (the store's,
// checked, else the desk's fallback: quote-format.ts), so the overview and the quote desk never disagree.

export function overviewFormat(storeLocale: string | null, currency: string) {
  const desk = deskFormat(storeLocale);
  const { locale } = desk;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 });
  const days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 1 });
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    money: (amount: number) => desk.money(amount, currency),
    count: (n: number) => number.format(n),
    percent: (p: number | null) => (p === null ? '–' : desk.percent(p)),
    day: desk.day,
    /** A bucket's first day, short (a chart's axis). */
    shortDay: (isoDay: string) => short.format(new Date(`${isoDay}T00:00:00Z`)),
    /** A mean time: hours up to two days, then days. */
    duration: (seconds: number | null) =>
      seconds === null ? '–' : seconds < 48 * 3600 ? hours.format(seconds / 3600) : days.format(seconds / 86400),
  };
}

export type OverviewFormat = ReturnType<typeof overviewFormat>;
