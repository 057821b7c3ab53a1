// A product priced from a price list: the IR with the list's amounts in place of the numbers the schema declares
// list prices, and the list's currency. Everything downstream (compile, evaluate, configure, soft defaults) runs
// unchanged on the result, so it prices, compares and explains in the list's amounts.
import { CURRENCIES, minorUnits } from './check/currencies';
import type { FieldIR, LineIR, OptionIR, ProductIR, TableIR } from './ir';
import { cellKey, lineKey, literalAmount, optionKey, tableKey } from './price-points';

export interface PriceBook {
  /** ISO 4217; its minor unit replaces the model's. */
  currency: string;
  /** Price point key → amount in major units of `currency`. A key absent keeps the model's number. */
  amounts: ReadonlyMap<string, number>;
}

/**
 * A new IR with the book's amounts substituted (the argument is not changed; what no amount touches is shared with
 * it). O(size of the IR + size of the book). Throws on a currency that is not ISO 4217 or an amount that is not a
 * finite number: both are the caller's to have validated (src/pricing/).
 */
export function applyPriceBook(ir: ProductIR, book: PriceBook): ProductIR {
  if (!CURRENCIES.has(book.currency)) throw new RangeError(`not an ISO 4217 currency: ${book.currency}`);
  const amount = (key: string): number | undefined => {
    const v = book.amounts.get(key);
    if (v !== undefined && !Number.isFinite(v)) throw new RangeError(`the amount of ${key} is not a finite number`);
    return v;
  };
  const out: ProductIR = { ...ir, currency: book.currency, minorUnits: minorUnits(book.currency) };
  const decls = ir.listPrices ?? [];
  if (decls.length === 0 || book.amounts.size === 0) return out;

  const fieldById = new Map(ir.fields.map((f) => [f.id, f]));
  const lineById = new Map(ir.price.lines.map((l) => [l.id, l]));
  const newOptions = new Map<string, OptionIR[]>();
  let tables: Record<string, TableIR> | undefined;
  let lines: Map<string, LineIR> | undefined;
  for (const decl of decls) {
    if (decl.kind === 'option') {
      const first = decl.fields[0];
      const source = first === undefined ? undefined : (newOptions.get(first) ?? fieldById.get(first)?.options);
      if (!source) continue;
      const replaced = replaceOptions(source, (o) => amount(optionKey(decl.name, o.id, decl.attr)), decl.attr);
      if (replaced !== source) for (const id of decl.fields) newOptions.set(id, replaced);
    } else if (decl.kind === 'table') {
      const table = ir.tables[decl.table];
      if (!table) continue;
      const replaced = replaceTable(decl.table, table, amount);
      if (replaced === table) continue;
      tables ??= Object.assign(Object.create(null) as Record<string, TableIR>, ir.tables);
      tables[decl.table] = replaced;
    } else {
      const line = lineById.get(decl.line);
      const v = amount(lineKey(decl.line));
      const model = line && literalAmount(line.amount);
      if (!line || model === undefined || v === undefined || v === model) continue;
      lines ??= new Map();
      lines.set(line.id, { ...line, amount: { k: 'num', v } });
    }
  }
  if (newOptions.size > 0) {
    out.fields = ir.fields.map((f): FieldIR => {
      const options = newOptions.get(f.id);
      return options ? { ...f, options } : f;
    });
  }
  if (tables) out.tables = tables;
  if (lines) {
    const byId = lines;
    out.price = { ...ir.price, lines: ir.price.lines.map((l) => byId.get(l.id) ?? l) };
  }
  return out;
}

/** The same array when no amount applies; else one new array, shared by every field offering these options. */
function replaceOptions(options: OptionIR[], amount: (o: OptionIR) => number | undefined, attr: string): OptionIR[] {
  let out: OptionIR[] | undefined;
  options.forEach((o, i) => {
    const v = typeof o.attrs[attr] === 'number' ? amount(o) : undefined;
    if (v === undefined) return;
    out ??= [...options];
    const attrs = Object.assign(Object.create(null) as OptionIR['attrs'], o.attrs);
    attrs[attr] = v;
    out[i] = { ...o, attrs };
  });
  return out ?? options;
}

function replaceTable(name: string, table: TableIR, amount: (key: string) => number | undefined): TableIR {
  if (table.kind === 'map') {
    let entries: Record<string, number | string | boolean> | undefined;
    for (const [k, old] of Object.entries(table.entries)) {
      const v = typeof old === 'number' ? amount(tableKey(name, k)) : undefined;
      if (v === undefined) continue;
      entries ??= Object.assign(Object.create(null) as Record<string, number | string | boolean>, table.entries);
      entries[k] = v;
    }
    const fallback = typeof table.fallback === 'number' ? amount(tableKey(name, '*')) : undefined;
    if (!entries && fallback === undefined) return table;
    const out = { ...table, entries: entries ?? table.entries };
    if (fallback !== undefined) out.fallback = fallback;
    return out;
  }
  if (table.kind === 'range') {
    let values: number[] | undefined;
    table.bands.forEach((b, i) => {
      const v = amount(tableKey(name, String(b)));
      if (v === undefined) return;
      values ??= [...table.values];
      values[i] = v;
    });
    return values ? { ...table, values } : table;
  }
  let values: number[][] | undefined;
  table.rows.forEach((r, i) => {
    let row: number[] | undefined;
    table.columns.forEach((c, j) => {
      const v = amount(cellKey(name, r, c));
      if (v === undefined) return;
      row ??= [...(table.values[i] ?? [])];
      row[j] = v;
    });
    if (!row) return;
    values ??= [...table.values];
    values[i] = row;
  });
  return values ? { ...table, values } : table;
}
