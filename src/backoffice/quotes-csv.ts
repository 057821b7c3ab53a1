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
 * What a spreadsheet runs as a formula: = + - @ starting a cell (a tab or carriage return starting one too). Not only
 * at the start of ours: a spreadsheet that splits on ; (de-DE, fr-FR) or on tabs reads `x;=1+1` as two cells, the
 * second a formula, however ours is quoted. So each such sign at the start or after a separator (, ; tab, line break
 * or |, spaces between) gets a leading ' (OWASP "CSV injection"). Linear: a separator's spaces are read once.
 */
const FORMULA = /(^|[,;\t\r\n|])( *)(?=[=+\-@])/g;

/** A text cell as RFC 4180 quotes it, its formulas defused. */
function cell(value: string): string {
  const defused = value.replace(FORMULA, "$1$2'");
  const safe = /^[\t\r]/.test(defused) ? `'${defused}` : defused;
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
