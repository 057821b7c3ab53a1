// The product's `list_prices: [base_price, frame_colours.price, opening.price, price.mullion]`: which numbers of
// the model are list prices, that a price list may replace (docs/schema-language.md "Price lists"). Read after
// the fields, tables and price lines, which it names.
import type { ListPriceIR } from '../ir';
import type { Expr, Span, Value } from '../syntax/ast';
import type { FieldModel, LineModel, OptionModel, TableModel } from './checked-model';
import type { Ctx } from './context';
import type { Props } from './props';
import { didYouMean } from './suggest';

/** A list price's magnitude stays below this, so that every list's amounts stay exact integers (src/pricing/). */
export const MAX_LIST_PRICE = 1e12;

const WHAT = 'a table of numbers (base_price), an option attribute (colour.price) or a price line (price.mullion)';

export function readListPrices(
  ctx: Ctx,
  props: Props,
  fields: readonly FieldModel[],
  tables: readonly TableModel[],
  lines: readonly LineModel[],
): ListPriceIR[] {
  const v = props.get('list_prices')?.value;
  if (!v) return [];
  if (v.kind !== 'list') {
    ctx.diags.add('E_TYPE', v.span, `list_prices must be a list like [base_price, colour.price, price.mullion]`);
    return [];
  }
  const tableById = new Map(tables.map((t) => [t.id, t]));
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const fieldById = new Map(fields.map((f) => [f.id, f]));
  const fieldsBySet = new Map<readonly OptionModel[], string[]>();
  for (const f of fields) {
    if (!f.options) continue;
    const ids = fieldsBySet.get(f.options);
    if (ids) ids.push(f.id);
    else fieldsBySet.set(f.options, [f.id]);
  }
  const setOf = new Map<readonly OptionModel[], string>();
  for (const [name, set] of ctx.optionSets) if (set !== 'broken') setOf.set(set.options, name);
  const known: Known = { tableById, lineById, fieldById, fieldsBySet, setOf };
  const out: ListPriceIR[] = [];
  const seen = new Set<string>();
  for (const item of v.items) {
    const decl = readItem(ctx, item, known);
    if (!decl) continue;
    const key = decl.kind === 'option' ? `${decl.name}.${decl.attr}` : decl.kind === 'table' ? decl.table : `price.${decl.line}`;
    if (seen.has(key)) ctx.diags.add('E_DUPLICATE', item.span, `${key} is declared a list price twice`);
    else {
      seen.add(key);
      out.push(decl);
    }
  }
  return out;
}

interface Known {
  tableById: Map<string, TableModel>;
  lineById: Map<string, LineModel>;
  fieldById: Map<string, FieldModel>;
  fieldsBySet: Map<readonly OptionModel[], string[]>;
  /** An option set's name by its options, which the fields offering it share. */
  setOf: Map<readonly OptionModel[], string>;
}

function readItem(ctx: Ctx, item: Value, known: Known): ListPriceIR | undefined {
  if (item.kind === 'name') return readTable(ctx, item.name, item.span, known);
  if (item.kind === 'attr' && item.target.name === 'price') return readLine(ctx, item.attr.name, item.span, known);
  if (item.kind === 'attr') return readOptions(ctx, item.target.name, item.attr.name, item.span, known);
  ctx.diags.add('E_LIST_PRICE', item.span, `a list price is ${WHAT}`);
  return undefined;
}

function readTable(ctx: Ctx, name: string, span: Span, known: Known): ListPriceIR | undefined {
  const table = known.tableById.get(name);
  if (!table) {
    const sym = ctx.value(name);
    if (sym?.kind === 'broken' || sym?.kind === 'table') return undefined;
    if (sym) {
      ctx.diags.add(
        'E_LIST_PRICE',
        span,
        `"${name}" is a ${sym.kind === 'quantity' ? 'built-in value' : sym.kind}, not a number of the model: a list price is ${WHAT}`,
      );
    } else {
      ctx.diags.add('E_UNDEFINED', span, `"${name}" is not a declared table${didYouMean(name, known.tableById.keys())}`);
    }
    return undefined;
  }
  const { ir } = table;
  if (ir.kind === 'map' && table.valueType !== 'number') {
    ctx.diags.add(
      'E_LIST_PRICE',
      span,
      `the table "${name}" holds ${table.valueType ?? 'no'} values, not numbers: it cannot be a list price`,
    );
    return undefined;
  }
  const numbers =
    ir.kind === 'map' ? [...Object.values(ir.entries), ir.fallback] : ir.kind === 'range' ? ir.values : ir.values.flat();
  if (!numbers.every(inBounds)) {
    ctx.diags.add('E_LIST_PRICE', span, `the table "${name}" holds a number of 10^12 or more: too large for a list price`);
    return undefined;
  }
  return { kind: 'table', table: name };
}

function readLine(ctx: Ctx, name: string, span: Span, known: Known): ListPriceIR | undefined {
  const line = known.lineById.get(name);
  if (!line) {
    ctx.diags.add('E_UNDEFINED', span, `"${name}" is not a price line${didYouMean(name, known.lineById.keys())}`);
    return undefined;
  }
  const amount = literal(line.amount);
  if (amount === undefined) {
    ctx.diags.add(
      'E_LIST_PRICE',
      span,
      `the amount of price line "${name}" is a formula: only a line whose amount is a number (= 65) can be a list price; declare the numbers it reads instead`,
    );
    return undefined;
  }
  if (!inBounds(amount)) {
    ctx.diags.add('E_LIST_PRICE', span, `the amount of price line "${name}" is 10^12 or more: too large for a list price`);
    return undefined;
  }
  return { kind: 'line', line: name };
}

function readOptions(ctx: Ctx, name: string, attr: string, span: Span, known: Known): ListPriceIR | undefined {
  const set = ctx.optionSets.get(name);
  const field = known.fieldById.get(name);
  if (set === 'broken') return undefined;
  let options: readonly OptionModel[];
  if (set) options = set.options;
  else if (field?.options) {
    options = field.options;
    const shared = known.setOf.get(field.options);
    if (shared !== undefined) {
      ctx.diags.add(
        'E_LIST_PRICE',
        span,
        `the options of field "${name}" are the option set "${shared}": declare ${shared}.${attr}, priced once for every field offering it`,
      );
      return undefined;
    }
  } else {
    const sym = ctx.value(name);
    if (sym?.kind === 'broken') return undefined;
    if (sym?.kind === 'field' && !field) return undefined;
    if (field || sym) ctx.diags.add('E_LIST_PRICE', span, `"${name}" has no options: a list price is ${WHAT}`);
    else {
      const holders = function* () {
        for (const ids of known.fieldsBySet.values()) yield* ids;
        yield* ctx.optionSets.keys();
      };
      ctx.diags.add('E_UNDEFINED', span, `"${name}" is not a choice field or an option set${didYouMean(name, holders)}`);
    }
    return undefined;
  }
  let holders = 0;
  for (const o of options) {
    const a = o.attrs.get(attr);
    if (!a) continue;
    if (typeof a.value !== 'number') {
      ctx.diags.add(
        'E_LIST_PRICE',
        a.span,
        `the ${attr} of option "${o.id}" is not a number: ${name}.${attr} cannot be a list price`,
      );
      return undefined;
    }
    if (!inBounds(a.value)) {
      ctx.diags.add('E_LIST_PRICE', a.span, `the ${attr} of option "${o.id}" is 10^12 or more: too large for a list price`);
      return undefined;
    }
    holders++;
  }
  if (holders === 0) {
    ctx.diags.add('E_UNDEFINED', span, `no option of ${set ? 'the option set' : 'field'} "${name}" has the attribute "${attr}"`);
    return undefined;
  }
  return { kind: 'option', name, fields: known.fieldsBySet.get(options) ?? [], attr };
}

/** A number written as is (`65`, `-10`), not a percentage or a formula. */
function literal(e: Expr): number | undefined {
  if (e.kind === 'number' && !e.percent) return e.value;
  return e.kind === 'neg' && e.operand.kind === 'number' && !e.operand.percent ? -e.operand.value : undefined;
}

const inBounds = (v: unknown) => typeof v !== 'number' || Math.abs(v) < MAX_LIST_PRICE;
