// A price list's entries as CSV (RFC 4180), for spreadsheets: header `product,price,value`, optionally `model`
// and `effective` (written on export, ignored on import). Parsing is one pass over the text, bounded by
// MAX_CSV_ROWS and MAX_CELL_CHARS; any bad row rejects the whole file, each error with its line and column.
import { currencyMinorUnits, formatMinor, parseAmount } from './amount';

export const MAX_CSV_ROWS = 10_000;
/** A cell longer than this is an error, not a product id (128 at most) or a price key (a map key may be long). */
export const MAX_CELL_CHARS = 1000;
/** Errors reported per file, at most: the first ones by line. */
export const MAX_CSV_ERRORS = 50;

export const CSV_COLUMNS = ['product', 'price', 'value'] as const;
const IGNORED_COLUMNS = ['model', 'effective'];

export type CsvErrorCode =
  | 'CSV_SYNTAX'
  | 'CSV_HEADER'
  | 'CSV_COLUMNS'
  | 'CSV_EMPTY'
  | 'CSV_TOO_LONG'
  | 'CSV_VALUE'
  | 'CSV_DUPLICATE'
  | 'CSV_TOO_MANY_ROWS';

/** 1-based: `line` is the physical line the record starts on (the header is line 1), `column` the CSV column. */
export interface CsvError {
  line: number;
  column: number;
  message: string;
  code: CsvErrorCode;
}

/** One entry of the file: `value` in integer minor units, null to remove the explicit entry (an empty cell). */
export interface CsvRow {
  line: number;
  product: string;
  price: string;
  value: number | null;
}

export type CsvResult =
  | {
      ok: true;
      rows: CsvRow[];
      /** The 1-based CSV column of each named column, as the header places them: where a later refusal points. */
      columns: { product: number; price: number; value: number };
    }
  | { ok: false; errors: CsvError[] };

interface Record {
  line: number;
  cells: string[];
}

/** Splits CSV text into records; the first syntax error ends it (what follows a broken quote cannot be trusted). */
function* records(text: string, errors: CsvError[]): Generator<Record> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            errors.push({ line: start, column: cells.length + 1, code: 'CSV_SYNTAX', message: 'a quoted cell is never closed' });
            return;
          }
          cell += text.slice(i, q);
          i = q + 1;
          if (text[i] !== '"') break;
          cell += '"';
          i++;
        }
        line += countNewlines(cell);
        if (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          errors.push({
            line: start,
            column: cells.length + 1,
            code: 'CSV_SYNTAX',
            message: 'a quoted cell must end at its closing quote ("" writes a quote inside it)',
          });
          return;
        }
      } else {
        const end = nextDelimiter(text, i);
        cell = text.slice(i, end);
        i = end;
        if (cell.includes('"')) {
          errors.push({
            line: start,
            column: cells.length + 1,
            code: 'CSV_SYNTAX',
            message: 'a cell holding a quote must be quoted, the quote written twice',
          });
          return;
        }
      }
      cells.push(cell);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') i++;
      line++;
      break;
    }
    if (!(cells.length === 1 && cells[0] === '')) yield { line: start, cells };
  }
}

function nextDelimiter(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === ',' || c === '\n' || c === '\r') return i;
  }
  return text.length;
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\n' || (s[i] === '\r' && s[i + 1] !== '\n')) n++;
  }
  return n;
}

/**
 * The entries of a CSV file for a list in `currency`, or every error found (the first MAX_CSV_ERRORS). Values are
 * decimal strings with at most the currency's decimals; empty removes the entry. Whether each product and price key
 * exists is the caller's to check (it knows the products).
 */
export function parseEntriesCsv(text: string, currency: string): CsvResult {
  const errors: CsvError[] = [];
  const fail = (line: number, column: number, code: CsvErrorCode, message: string) => {
    if (errors.length < MAX_CSV_ERRORS) errors.push({ line, column, code, message });
  };
  const rows: CsvRow[] = [];
  const seen = new Map<string, number>();
  let count = 0;
  let columns: { product: number; price: number; value: number; count: number } | undefined;
  for (const rec of records(text, errors)) {
    if (!columns) {
      columns = header(rec, fail);
      if (!columns) break;
      continue;
    }
    if (++count > MAX_CSV_ROWS) {
      fail(rec.line, 1, 'CSV_TOO_MANY_ROWS', `a file holds at most ${MAX_CSV_ROWS} rows`);
      break;
    }
    if (rec.cells.length !== columns.count) {
      fail(
        rec.line,
        Math.min(rec.cells.length, columns.count) + 1,
        'CSV_COLUMNS',
        `expected ${columns.count} cells as in the header, found ${rec.cells.length}`,
      );
      continue;
    }
    const cell = (name: 'product' | 'price' | 'value') => {
      const index = columns?.[name] ?? 0;
      return { text: (rec.cells[index] ?? '').trim(), column: index + 1 };
    };
    const product = cell('product');
    const price = cell('price');
    const value = cell('value');
    for (const [name, c] of [
      ['product', product],
      ['price', price],
    ] as const) {
      if (c.text === '') fail(rec.line, c.column, 'CSV_EMPTY', `the ${name} is empty`);
      else if (c.text.length > MAX_CELL_CHARS)
        fail(rec.line, c.column, 'CSV_TOO_LONG', `the ${name} is longer than ${MAX_CELL_CHARS} characters`);
    }
    let minor: number | null = null;
    if (value.text !== '') {
      const amount = parseAmount(value.text, currency);
      if (amount.ok) minor = amount.minor;
      else fail(rec.line, value.column, 'CSV_VALUE', amount.message);
    }
    const key = `${product.text}\u0000${price.text}`;
    const first = seen.get(key);
    if (first !== undefined)
      fail(
        rec.line,
        price.column,
        'CSV_DUPLICATE',
        `the price ${clip(price.text)} of ${clip(product.text)} is given again (first on line ${first})`,
      );
    else seen.set(key, rec.line);
    rows.push({ line: rec.line, product: product.text, price: price.text, value: minor });
  }
  if (!columns && errors.length === 0)
    fail(1, 1, 'CSV_HEADER', `the file is empty: its first line must be the header ${CSV_COLUMNS.join(',')}`);
  if (errors.length > 0 || !columns) return { ok: false, errors };
  return { ok: true, rows, columns: { product: columns.product + 1, price: columns.price + 1, value: columns.value + 1 } };
}

type Fail = (line: number, column: number, code: CsvErrorCode, message: string) => void;

function header(rec: Record, fail: Fail): { product: number; price: number; value: number; count: number } | undefined {
  const found = new Map<string, number>();
  let ok = true;
  rec.cells.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!(CSV_COLUMNS as readonly string[]).includes(name) && !IGNORED_COLUMNS.includes(name)) {
      fail(
        rec.line,
        i + 1,
        'CSV_HEADER',
        `unknown column "${clip(raw)}": the header is ${CSV_COLUMNS.join(',')} (model and effective are ignored)`,
      );
      ok = false;
    } else if (found.has(name)) {
      fail(rec.line, i + 1, 'CSV_HEADER', `the column "${name}" is given twice`);
      ok = false;
    } else found.set(name, i);
  });
  for (const name of CSV_COLUMNS) {
    if (!found.has(name)) {
      fail(rec.line, rec.cells.length + 1, 'CSV_HEADER', `the header has no column "${name}": it is ${CSV_COLUMNS.join(',')}`);
      ok = false;
    }
  }
  if (!ok) return undefined;
  return {
    product: found.get('product') ?? 0,
    price: found.get('price') ?? 1,
    value: found.get('value') ?? 2,
    count: rec.cells.length,
  };
}

/** A row to export: `value` null when the list has no explicit entry; `model`/`effective` in their own currencies. */
export interface CsvExportRow {
  product: string;
  price: string;
  value: number | null;
  /** The model's number, as the schema writes it. */
  model?: number;
  /** The effective amount in the list's currency, minor units. */
  effective?: number;
}

/**
 * CSV text of a list's rows (CRLF line ends, RFC 4180 quoting), with `model` and `effective` columns when
 * `withAmounts`. Parsing it back gives the same entries. No cell can start a spreadsheet formula: product ids start
 * with a letter or digit, price keys with a name, and an amount is a number even with its minus.
 */
export function serializeEntriesCsv(rows: readonly CsvExportRow[], currency: string, withAmounts = false): string {
  const digits = currencyMinorUnits(currency);
  if (digits === undefined) throw new RangeError(`not an ISO 4217 currency: ${currency}`);
  const head = withAmounts ? [...CSV_COLUMNS, ...IGNORED_COLUMNS] : [...CSV_COLUMNS];
  const lines = [head.join(',')];
  for (const r of rows) {
    const cells = [r.product, r.price, r.value === null ? '' : formatMinor(r.value, digits)];
    if (withAmounts)
      cells.push(r.model === undefined ? '' : String(r.model), r.effective === undefined ? '' : formatMinor(r.effective, digits));
    lines.push(cells.map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function quote(cell: string): string {
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

const clip = (text: string) => (text.length > 40 ? `"${text.slice(0, 40)}…"` : `"${text}"`);
