// Conditions as JSON Logic (jsonlogic.com), so storefronts can show and hide fields without a round trip.
// The server stays authoritative: where JSON Logic has no equivalent, the condition is not translated at all.
import { fieldType } from '../fields/registry';
import type { Expr, FieldIR, ProductIR } from '../ir';
import { functionNamed } from './functions';

/** Thrown inside the translator when a construct has no JSON Logic form; caught once in toJsonLogic. */
const UNTRANSLATABLE = Symbol('untranslatable');

/** Inlining lets can grow a condition exponentially; past this many nodes the form keeps only the source. */
const MAX_NODES = 5000;

const OPS: Readonly<Record<string, string>> = {
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '==': '===',
  '!=': '!==',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  and: 'and',
  or: 'or',
};

const fieldMaps = new WeakMap<ProductIR, ReadonlyMap<string, FieldIR>>();

function fieldsOf(ir: ProductIR): ReadonlyMap<string, FieldIR> {
  let map = fieldMaps.get(ir);
  if (map === undefined) {
    map = new Map(ir.fields.map((f) => [f.id, f]));
    fieldMaps.set(ir, map);
  }
  return map;
}

type Logic = unknown;

/** {"if": [c1, v1, c2, v2, …, otherwise]} choosing by equality of `key` with each candidate. */
function choose(key: Logic, cases: [string, Logic][], otherwise: Logic): Logic {
  const args: Logic[] = [];
  for (const [k, v] of cases) args.push({ '===': [key, k] }, v);
  args.push(otherwise);
  return { if: args };
}

class Translator {
  private budget = MAX_NODES;
  private readonly fields: ReadonlyMap<string, FieldIR>;

  constructor(private readonly ir: ProductIR) {
    this.fields = fieldsOf(ir);
  }

  tr(e: Expr): Logic {
    if (--this.budget < 0) throw UNTRANSLATABLE;
    switch (e.k) {
      case 'num':
      case 'str':
      case 'bool':
        return e.v;
      case 'ref':
        return this.ref(e.name);
      case 'bin':
        return { [OPS[e.op] as string]: [this.tr(e.a), this.tr(e.b)] };
      case 'not':
        return { '!': [this.tr(e.a)] };
      case 'neg':
        return { '-': [this.tr(e.a)] };
      case 'if':
        return { if: [this.tr(e.c), this.tr(e.t), this.tr(e.e)] };
      case 'in': {
        // Standard `in` tests membership of an array, which is also how a multi-select field's value is sent.
        const test = { in: [this.tr(e.a), e.set ? this.tr(e.set) : e.list.map((x) => this.tr(x))] };
        return e.negate ? { '!': [test] } : test;
      }
      case 'call':
        return this.call(e.fn, e.args);
      case 'index':
        return this.index(e.table, e.key);
      case 'attr':
        return this.attr(e.field, e.attr);
      case 'table':
        throw UNTRANSLATABLE;
    }
  }

  private ref(name: string): Logic {
    if (name === 'quantity') return { var: 'quantity' };
    const f = this.fields.get(name);
    if (f !== undefined) return fieldType(f.type).logic(f, (e) => this.tr(e));
    if (Object.hasOwn(this.ir.lets, name)) return this.tr(this.ir.lets[name] as Expr);
    throw UNTRANSLATABLE;
  }

  private call(fn: string, args: Expr[]): Logic {
    const write = functionNamed(fn)?.jsonLogic;
    if (!write) throw UNTRANSLATABLE;
    return write(args.map((a) => this.tr(a)));
  }

  private index(table: string, key: Expr): Logic {
    const t = Object.hasOwn(this.ir.tables, table) ? this.ir.tables[table] : undefined;
    if (t === undefined || t.kind !== 'map') throw UNTRANSLATABLE;
    const k = this.tr(key);
    // The runtime looks keys up as strings; "cat" gives JSON Logic the same view of a number or boolean key.
    const isString = key.k === 'str' || (key.k === 'ref' && this.fields.get(key.name)?.valueType === 'string');
    const cases = Object.entries(t.entries);
    return choose(isString ? k : { cat: [k] }, cases, t.fallback ?? null);
  }

  private attr(field: string, attr: string): Logic {
    const options = this.fields.get(field)?.options;
    if (options === undefined || options.length === 0) throw UNTRANSLATABLE;
    const values = options.map((o): [string, Logic] => [o.id, Object.hasOwn(o.attrs, attr) ? o.attrs[attr] : null]);
    const last = values.pop() as [string, Logic];
    // A sent value is always one of the options, so the last option needs no test of its own.
    return values.length === 0 ? last[1] : choose({ var: field }, values, last[1]);
  }
}

export function toJsonLogic(expr: Expr, ir: ProductIR): unknown | null {
  try {
    return new Translator(ir).tr(expr);
  } catch (e) {
    if (e === UNTRANSLATABLE) return null;
    throw e;
  }
}
