// The price as an evaluation check (issue 23): calculate refuses a configuration whose lines sum to a negative unit
// price or total (R_NEGATIVE_PRICE) or leave the safe integers (R_NOT_FINITE, "the price is too large"), so a
// completion the search vouches for must not. Only for a model whose price can do either, by the bounds of what
// its lines read (`boundsOf`): the others keep their checks, and the exact engine its tables, as before.
import { fieldType } from '../fields/registry';
import type { Expr, ProductIR } from '../ir';
import type { CompiledModel } from '../runtime/compiled-model';
import { exprCost } from '../runtime/cost';
import { Fault } from '../runtime/fault';
import { format } from '../runtime/messages';
import { priceRefusal } from '../runtime/price';
import { issue } from '../runtime/run';
import type { Check } from './check';

/** Smallest and largest value an expression may take (infinite: not bounded). */
type Bounds = readonly [lo: number, hi: number];

const ANY: Bounds = [-Infinity, Infinity];
const TRUTH: Bounds = [0, 1];

/** The check, or undefined when the lines' sums can neither go below 0 nor leave the safe integers. */
export function priceCheck(m: CompiledModel, depsOf: (e: Expr) => number[]): Check | undefined {
  const { ir } = m;
  if (ir.price.lines.length === 0) return undefined;
  const bounds = boundsOf(ir);
  // Lowest sums per unit and per order, and the largest amount in all.
  let unit = 0;
  let charges = 0;
  let largest = 0;
  const amounts: Expr[] = [];
  for (const l of ir.price.lines) {
    const amount: Expr = l.when === undefined ? l.amount : { k: 'if', c: l.when, t: l.amount, e: { k: 'num', v: 0 } };
    const [lo, hi] = bounds(amount);
    if (l.perOrder) charges += lo;
    else unit += lo;
    largest += Math.max(Math.abs(lo), Math.abs(hi));
    amounts.push(amount);
  }
  const rates = ir.price.quantityDiscount.map((t) => t.rate);
  const kept = 1 - Math.max(0, ...rates);
  const negative = !(unit >= 0 && rates.every((r) => r >= 0 && r <= 1) && unit * kept * ir.quantity.min + charges >= 0);
  // Rounding to minor units, per unit times the quantity: within half the safe integers, with room to spare.
  const fits = largest * m.minorScale * ir.quantity.max < Number.MAX_SAFE_INTEGER / 2;
  if (!negative && fits) return undefined;
  const at = { line: 1, column: 1 };
  // What the check reads, for its dependencies and the numbers a search tries: every line, and the quantity.
  const expr = amounts.reduce<Expr>((sum, a) => ({ k: 'bin', op: '+', a: sum, b: a, at }), { k: 'ref', name: 'quantity' });
  return {
    fn: (c) => priceRefusal(m, c) === undefined,
    expr,
    fails: false,
    ref: 0,
    deps: depsOf(expr),
    cost: 1 + amounts.reduce((n, a) => n + exprCost(a), 0),
    issue: (c, pack) => {
      try {
        const r = priceRefusal(m, c);
        return r && issue(r.code, format(pack.messages, r.key, r.params), undefined, 'price');
      } catch (e) {
        // A line's fault, as calculate reports it (an overflow of its arithmetic: no check of the line's own).
        if (!(e instanceof Fault)) throw e;
        c.unwind(e);
        return issue(e.code, format(pack.messages, e.code, e.params), undefined, 'price', e.at);
      }
    },
  };
}

/**
 * Bounds of an expression's numeric value through the fields and lets it reads (memoized per name): a number
 * field's min..max with its default and 0 (a hidden field's empty value), a computed field's value, a table's or an
 * option attribute's values; conditions 0..1. Whatever is not worked out here is unbounded.
 */
function boundsOf(ir: ProductIR): (e: Expr) => Bounds {
  const fields = new Map(ir.fields.map((f) => [f.id, f]));
  const memo = new Map<string, Bounds>();
  const ofName = (name: string): Bounds => {
    if (name === 'quantity') return [ir.quantity.min, ir.quantity.max];
    const known = memo.get(name);
    if (known !== undefined) return known;
    // A cycle is refused by the checker; meanwhile unbounded.
    memo.set(name, ANY);
    const f = fields.get(name);
    let b: Bounds = ANY;
    if (f === undefined) {
      if (Object.hasOwn(ir.lets, name)) b = of(ir.lets[name]!);
    } else if (fieldType(f.type).computed && f.value !== undefined) b = of(f.value);
    else if (f.valueType === 'boolean') b = TRUTH;
    else if (f.valueType === 'number' && typeof f.min === 'number' && typeof f.max === 'number') {
      b = span([f.min, f.max, 0, f.fallback, f.whenHidden]);
    }
    memo.set(name, b);
    return b;
  };
  /** The values of an option attribute, by option (a hidden field's reads as 0). */
  const attrs = (e: { field: string; attr: string }) => (fields.get(e.field)?.options ?? []).map((o) => o.attrs[e.attr]);
  const of = (e: Expr): Bounds => {
    switch (e.k) {
      case 'num':
        return [e.v, e.v];
      case 'ref':
        return ofName(e.name);
      case 'neg': {
        const [lo, hi] = of(e.a);
        return [-hi, -lo];
      }
      case 'if':
        return union(of(e.t), of(e.e));
      case 'bin':
        // By an option attribute: by its values other than 0 (a division by 0 is its line's own fault).
        if (e.op === '/' && e.b.k === 'attr')
          return binary(
            '*',
            of(e.a),
            span(
              attrs(e.b)
                .filter((v) => v !== 0)
                .map((v) => 1 / Number(v)),
            ),
          );
        return binary(e.op, of(e.a), of(e.b));
      case 'attr':
        return span([0, ...attrs(e)]);
      case 'table': {
        const t = ir.tables[e.table];
        return t?.kind === 'range' ? span(t.values) : t?.kind === 'matrix' ? span(t.values.flat()) : ANY;
      }
      case 'index': {
        const t = ir.tables[e.table];
        return t?.kind === 'map' ? span([...Object.values(t.entries), t.fallback]) : ANY;
      }
      case 'call': {
        // How many options a multi-select holds; the length of a text, at most its max_length.
        const f = e.args[0]?.k === 'ref' ? fields.get(e.args[0].name) : undefined;
        if (e.fn === 'count' && f?.options) return [0, f.options.length];
        if (e.fn === 'len' && f?.maxLength !== undefined) return [0, f.maxLength];
        return call(e.fn, e.args.map(of));
      }
      default:
        // Strings, conditions, `in` and compatibility rows: never an amount, at most a truth value.
        return TRUTH;
    }
  };
  return of;
}

/** The bounds of the numbers among `values` (anything else unbounded); [0, 0] when there are none. */
function span(values: readonly unknown[]): Bounds {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v === undefined) continue;
    if (typeof v !== 'number' && typeof v !== 'boolean') return ANY;
    const x = Number(v);
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  }
  return lo > hi ? [0, 0] : [lo, hi];
}

const union = (a: Bounds, b: Bounds): Bounds => [Math.min(a[0], b[0]), Math.max(a[1], b[1])];

function binary(op: string, a: Bounds, b: Bounds): Bounds {
  switch (op) {
    case '+':
      return [a[0] + b[0], a[1] + b[1]];
    case '-':
      return [a[0] - b[1], a[1] - b[0]];
    case '*':
      return products(a, [b[0], b[1]]);
    case '/':
      // By a divisor whose bounds hold 0, as large as it likes (a division by 0 itself is its line's own fault).
      return b[0] > 0 || b[1] < 0 ? products(a, [1 / b[1], 1 / b[0]]) : ANY;
    default:
      return TRUTH;
  }
}

function products(a: Bounds, b: Bounds): Bounds {
  const p = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]];
  return p.some(Number.isNaN) ? ANY : [Math.min(...p), Math.max(...p)];
}

/** A function's result bounds from its arguments' (functions.ts); unbounded for the others. */
function call(fn: string, args: readonly Bounds[]): Bounds {
  const [x = ANY, y = ANY, z = ANY] = args;
  const most = (b: Bounds) => Math.max(Math.abs(b[0]), Math.abs(b[1]));
  switch (fn) {
    case 'min':
      return [Math.min(...args.map((b) => b[0])), Math.min(...args.map((b) => b[1]))];
    case 'max':
      return [Math.max(...args.map((b) => b[0])), Math.max(...args.map((b) => b[1]))];
    case 'abs':
      return [x[0] >= 0 ? x[0] : 0, most(x)];
    case 'sqrt':
      return [0, Math.sqrt(Math.max(0, x[1]))];
    case 'clamp':
      return [Math.min(x[0], y[0], z[0]), Math.max(x[1], y[1], z[1])];
    case 'round':
    case 'ceil':
    case 'floor':
      // To an integer (or to decimals: between the same integers); to tens, hundreds… by up to the last place.
      return args.length === 1 || y[0] >= 0 ? [Math.floor(x[0]), Math.ceil(x[1])] : ANY;
    case 'ceil_to':
      return [x[0], x[1] + most(y)];
    case 'floor_to':
      return [x[0] >= 0 && y[0] > 0 ? 0 : x[0] - most(y), x[1]];
    case 'mod':
      return x[0] >= 0 && y[0] > 0 ? [0, y[1]] : [-most(y), most(y)];
    default:
      return ANY;
  }
}
