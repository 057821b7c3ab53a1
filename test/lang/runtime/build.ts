// Hand-built IR for runtime tests: the front end is tested elsewhere, here every construct is built directly.
import { FIELD_TYPES } from '../../../src/lang/fields/registry';
import { type Evaluation, errorsFor, instantiate } from '../../../src/lang/instantiate';
import {
  type BinaryOp,
  type Expr,
  type FieldIR,
  type FieldType,
  IR_VERSION,
  type OptionIR,
  type ProductIR,
  type Span,
  type TableIR,
} from '../../../src/lang/ir';

export const at = (line = 1, column = 1): Span => ({ line, column });

export const num = (v: number): Expr => ({ k: 'num', v });
export const str = (v: string): Expr => ({ k: 'str', v });
export const bool = (v: boolean): Expr => ({ k: 'bool', v });
export const ref = (name: string): Expr => ({ k: 'ref', name });
export const bin = (op: BinaryOp, a: Expr, b: Expr, span: Span = at()): Expr => ({ k: 'bin', op, a, b, at: span });
export const not = (a: Expr): Expr => ({ k: 'not', a });
export const neg = (a: Expr): Expr => ({ k: 'neg', a });
export const iff = (c: Expr, t: Expr, e: Expr): Expr => ({ k: 'if', c, t, e });
export const inList = (a: Expr, list: Expr[], negate = false): Expr => ({ k: 'in', a, list, negate });
export const call = (fn: string, args: Expr[], span: Span = at()): Expr => ({ k: 'call', fn, args, at: span });
export const tcall = (table: string, args: Expr[], span: Span = at()): Expr => ({ k: 'table', table, args, at: span });
export const index = (table: string, key: Expr, span: Span = at()): Expr => ({ k: 'index', table, key, at: span });
export const attr = (field: string, name: string): Expr => ({ k: 'attr', field, attr: name });
export const cond = (expr: Expr) => ({ source: '<test>', expr });

export const option = (id: string, attrs: OptionIR['attrs'] = {}, label?: Record<string, string>): OptionIR => ({
  id,
  label: label ?? { en: id },
  attrs,
});

/** A field with the fallback the front end would compute (declared default, else the type's). */
export function field(id: string, type: FieldType, props: Partial<FieldIR> = {}): FieldIR {
  // Computed (hidden) fields here compute numbers unless a test says otherwise.
  const valueType = FIELD_TYPES[type].valueType ?? 'number';
  const options = props.options;
  const typeFallback =
    valueType === 'number'
      ? typeof props.min === 'number'
        ? props.min
        : 0
      : type === 'checkbox'
        ? false
        : options !== undefined
          ? (options[0]?.id ?? '')
          : '';
  return {
    id,
    type,
    valueType,
    group: 'main',
    label: type === 'hidden' ? undefined : { en: id },
    required: false,
    fallback: props.default ?? typeFallback,
    ...props,
  };
}

export function product(parts: Partial<ProductIR> = {}): ProductIR {
  return {
    irVersion: IR_VERSION,
    name: { en: 'Test product' },
    language: 'en',
    languages: ['en'],
    currency: 'EUR',
    minorUnits: 2,
    layout: 'sections',
    quantity: { min: 1, max: 10000, step: 1, default: 1 },
    groups: [{ id: 'main', label: { en: 'Main' }, order: 0 }],
    fields: [],
    lets: {},
    tables: {},
    price: { lines: [], quantityDiscount: [] },
    outputs: [],
    rules: [],
    constraints: [],
    ...parts,
  };
}

/** A product whose single public output group `out` has one item per entry, to read expression values. */
export function withOutputs(items: Record<string, Expr>, parts: Partial<ProductIR> = {}): ProductIR {
  return product({
    ...parts,
    outputs: [{ id: 'out', internal: false, items: Object.entries(items).map(([id, value]) => ({ id, value })) }],
  });
}

export const range = (lookup: 'next' | 'interpolate', bands: number[], values: number[]): TableIR => ({
  kind: 'range',
  lookup,
  bands,
  values,
});

/** An evaluation whose `errors` hold those of every output group, as a request for all of them (`*`) sees them. */
export function evaluate(ir: ProductIR, configuration: Record<string, unknown> = {}, quantity?: number, lang = 'en') {
  const ev = instantiate(ir).evaluate({ configuration, quantity: quantity ?? ir.quantity.default, lang });
  return { ...ev, errors: errorsFor(ev, null) };
}

/** The values of output group `group` as a plain object (test ids are never __proto__ here). */
export function outputsOf(ev: Evaluation, group = 'out'): Record<string, number> {
  return Object.fromEntries(ev.outputs.get(group) ?? []);
}
