import type { QuoteListJson } from './types';

// Stores > Quotes as CSV (docs/backoffice.md): the rows the list shows with its filters, at most CSV_MAX_ROWS.

/** The export's bound: this many quotes, newest first (ten pages of the admin list). */
export const CSV_MAX_ROWS = 1000;
export const CSV_PAGE = 100;

const HEADER = [
  'number',
  'revision',
  'status',
  'customer',
  'company',
  'email',
  'reference',
  'items',
  'total',
  'currency',
  'valid_until',
  'created_at',
  // The tax and the gross total of a sent quote, as its document states them (empty before sending, or without tax).
  'tax',
  'total_incl_tax',
];

/**
 * A text cell as RFC 4180 quotes it. One starting with = + - @ (or a tab or carriage return) is what a spreadsheet
 * runs as a formula, so it gets a leading ' (OWASP "CSV injection").
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function quotesCsv(quotes: QuoteListJson['quotes']): string {
  const rows = quotes.map((q) =>
    [
      cell(q.number),
      String(q.revision),
      q.status,
      cell(q.customer.name ?? ''),
      cell(q.customer.company ?? ''),
      cell(q.customer.email ?? ''),
      cell(q.customer.reference ?? ''),
      String(q.item_count),
      String(q.totals.total),
      q.currency,
      q.valid_until,
      q.created_at,
      q.totals.tax ? String(q.totals.tax.amount) : '',
      q.totals.tax ? String(q.totals.tax.gross) : '',
    ].join(','),
  );
  return `${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}
