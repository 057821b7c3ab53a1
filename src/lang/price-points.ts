// The price points of a product: each number its schema declares a list price (`list_prices`), with the key a
// price list names it by (docs/schema-language.md "Price lists"). Keys are built here only; price-book.ts
// replaces the numbers under the same keys.
import type { Expr, OptionIR, ProductIR, TableIR, Text } from './ir';

export interface PricePoint {
  /** `colour.cream.price`, `glass_price_m2[triple]`, `glass_price_m2[*]`, `sill_price[900]`, `base_price[900,1000]`, `line.mullion`. */
  key: string;
  kind: 'option' | 'table' | 'line';
  /** A readable English description: "Colour: Cream — price", "base_price 900 × 1000". */
  label: string;
  /** The model's number, in the model's currency (major units). */
  model: number;
}

export const optionKey = (name: string, option: string, attr: string): string => `${name}.${option}.${attr}`;
export const tableKey = (table: string, key: string): string => `${table}[${key}]`;
export const cellKey = (table: string, row: number, column: number): string => `${table}[${band(row)},${band(column)}]`;
export const lineKey = (line: string): string => `line.${line}`;
/** A band as a schema writes it (`900`, `1.5`): JavaScript's shortest form of the number. */
const band = (n: number): string => String(n);

/** A line amount written as a number (`= 65`, `= -10`), or undefined for a formula. */
export function literalAmount(e: Expr): number | undefined {
  if (e.k === 'num') return e.v;
  return e.k === 'neg' && e.a.k === 'num' ? -e.a.v : undefined;
}

/** Every price point of the product, in declaration order (the order a list's grid shows them). O(size). */
export function pricePoints(ir: ProductIR): PricePoint[] {
  const out: PricePoint[] = [];
  const decls = ir.listPrices ?? [];
  if (decls.length === 0) return out;
  const fieldById = new Map(ir.fields.map((f) => [f.id, f]));
  const lineById = new Map(ir.price.lines.map((l) => [l.id, l]));
  for (const decl of decls) {
    if (decl.kind === 'option') {
      const field = fieldById.get(decl.fields[0] ?? '');
      const owner = field?.label ? english(field.label, ir) : decl.name;
      for (const o of field?.options ?? []) {
        const model = o.attrs[decl.attr];
        if (typeof model !== 'number') continue;
        out.push({
          key: optionKey(decl.name, o.id, decl.attr),
          kind: 'option',
          label: `${owner}: ${optionLabel(o, ir)} — ${decl.attr}`,
          model,
        });
      }
    } else if (decl.kind === 'table') {
      const table = ir.tables[decl.table];
      if (table) out.push(...tablePoints(decl.table, table));
    } else {
      const line = lineById.get(decl.line);
      const model = line && literalAmount(line.amount);
      if (line && model !== undefined) {
        out.push({ key: lineKey(line.id), kind: 'line', label: `Line: ${english(line.label, ir)}`, model });
      }
    }
  }
  return out;
}

function tablePoints(name: string, table: TableIR): PricePoint[] {
  const out: PricePoint[] = [];
  const push = (key: string, label: string, model: number | string | boolean | undefined) => {
    if (typeof model === 'number') out.push({ key, kind: 'table', label, model });
  };
  if (table.kind === 'map') {
    for (const [k, v] of Object.entries(table.entries)) push(tableKey(name, k), `${name} ${k}`, v);
    push(tableKey(name, '*'), `${name} (any other key)`, table.fallback);
  } else if (table.kind === 'range') {
    table.bands.forEach((b, i) => {
      push(tableKey(name, band(b)), `${name} ${band(b)}`, table.values[i]);
    });
  } else {
    table.rows.forEach((r, i) => {
      table.columns.forEach((c, j) => {
        push(cellKey(name, r, c), `${name} ${band(r)} × ${band(c)}`, table.values[i]?.[j]);
      });
    });
  }
  return out;
}

function optionLabel(o: OptionIR, ir: ProductIR): string {
  return english(o.label, ir) || o.id;
}

/** English when the product has it, else its default language. */
function english(text: Text, ir: ProductIR): string {
  return text.en ?? text[ir.language] ?? '';
}
