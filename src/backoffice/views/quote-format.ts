// Money and dates on the quote pages, in the quote's language (its `language`, e.g. de → 1.234,50 €), so that the
// desk shows a quote as its buyer reads it. Dates are calendar days in UTC, as valid_until is kept.

export const money = (amount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);

export const day = (isoDay: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));
