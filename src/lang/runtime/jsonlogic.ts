// Conditions as JSON Logic (jsonlogic.com), so storefronts can show and hide fields without a round trip, and get
// the server's answer for every configuration: the logic is evaluated on the values the buyer has set (plus
// `quantity`) and reproduces whatever the server derives from them: defaults, refused values, values of fields that
// are not visible, lets, computed fields, tables. A field's or let's value is exported once, in the form's
// `logic_values` (an option attribute as "field.attr"), and read with the extra operation `value` (src/lang/logic-ops.ts),
// so a chain of conditions grows
// the export linearly, never exponentially; where standard JSON Logic lacks an operation, an extra one is used.
import { fieldType } from '../fields/registry';
import { functionNamed } from '../functions';
import type { Expr, FieldIR, GroupIR, ProductIR } from '../ir';
import { operator } from '../operators';
import { inactiveValue } from './fields';

type Logic = unknown;

/**
 * The most JSON nodes the whole export of a product may have (every condition and value together). The export is
 * linear in the schema (each value once; a table inlined where it is read, a choice field's options where an
 * attribute is read, a group's conditions in each of its fields' values), so only a very large schema reaches it;
 * the checker then refuses the schema (E_LOGIC_SIZE) rather than serve a form a storefront cannot evaluate.
 */
export const MAX_LOGIC_NODES = 200_000;

/** {"if": [key === k1, v1, key === k2, v2, …, otherwise]}. */
function choose(key: Logic, cases: [string, Logic][], otherwise: Logic): Logic {
  const args: Logic[] = [];
  for (const [k, v] of cases) args.push({ '===': [key, k] }, v);
  args.push(otherwise);
  return { if: args };
}

/** The export of one product: conditions translated on demand, and the values they read. */
export class FormLogic {
  private readonly fields: ReadonlyMap<string, FieldIR>;
  private readonly groups: ReadonlyMap<string, GroupIR>;
  /** Values (fields, lets) by name, in the order they were first read. */
  readonly values: Record<string, Logic> = Object.create(null);
  private readonly pending: string[] = [];

  constructor(private readonly ir: ProductIR) {
    this.fields = new Map(ir.fields.map((f) => [f.id, f]));
    this.groups = new Map(ir.groups.map((g) => [g.id, g]));
  }

  /** A condition or computed value as JSON Logic; the values it reads are added to `values`. */
  condition(e: Expr): Logic {
    const logic = this.tr(e);
    // A worklist rather than recursion: a chain of lets is as deep as the schema makes it.
    for (let name = this.pending.pop(); name !== undefined; name = this.pending.pop()) {
      this.values[name] = this.define(name);
    }
    return logic;
  }

  private define(name: string): Logic {
    const dot = name.indexOf('.');
    if (dot > 0) return this.attrValue(name.slice(0, dot), name.slice(dot + 1));
    const f = this.fields.get(name);
    if (f === undefined) return this.tr(this.ir.lets[name] as Expr);
    if (f.value !== undefined) return this.tr(f.value);
    return this.fieldValue(f);
  }

  /**
   * A field's value, in the order the runtime decides it (model.ts): not visible → its when_hidden or empty value;
   * nothing sent → its fallback; disabled → its fallback; else the sent value if the server accepts it.
   */
  private fieldValue(f: FieldIR): Logic {
    const group = this.groups.get(f.group);
    const raw = { var: f.id };
    const sent = fieldType(f.type).logic?.(f, raw, f.fallback) ?? f.fallback;
    const enabled = this.both(group?.enabledWhen?.expr, f.enabledWhen?.expr);
    const active = enabled === undefined ? sent : { if: [{ in: [raw, [null, '']] }, f.fallback, enabled, sent, f.fallback] };
    const visible = this.both(group?.visibleWhen?.expr, f.visibleWhen?.expr);
    return visible === undefined ? active : { if: [visible, active, inactiveValue(f)] };
  }

  private both(group: Expr | undefined, own: Expr | undefined): Logic | undefined {
    if (group === undefined) return own && this.tr(own);
    return own === undefined ? this.tr(group) : { and: [this.tr(group), this.tr(own)] };
  }

  private tr(e: Expr): Logic {
    switch (e.k) {
      case 'num':
      case 'str':
      case 'bool':
        return e.v;
      case 'ref':
        return this.ref(e.name);
      case 'bin': {
        const a = this.tr(e.a);
        const b = this.tr(e.b);
        const write = operator(e.op).jsonLogic;
        return write === 'extra' ? { [e.op]: [a, b] } : write(a, b);
      }
      case 'not':
        return { '!': [this.tr(e.a)] };
      case 'neg':
        return { '-': [this.tr(e.a)] };
      case 'if':
        return { if: [this.tr(e.c), this.tr(e.t), this.tr(e.e)] };
      case 'in':
        return this.membership(e.a, e.list, e.negate, e.set);
      case 'call': {
        const write = functionNamed(e.fn)?.jsonLogic;
        const args = e.args.map((a) => this.tr(a));
        if (write === undefined) throw new Error(`invalid IR: unknown function ${e.fn}`);
        return write === 'extra' ? { [e.fn]: args } : write(args);
      }
      case 'table':
        return this.tableCall(e.table, e.args);
      case 'index':
        return this.index(e.table, e.key);
      case 'attr':
        return this.attr(e.field, e.attr);
      case 'rows':
        // The rows as written, not as an `or` of `and`s: a cell is one JSON node, not seven.
        return { rows: [e.columns.map((c) => this.ref(c)), e.rows] };
    }
  }

  private ref(name: string): Logic {
    if (name === 'quantity') {
      const q = this.ir.quantity;
      return { quantity: [{ var: 'quantity' }, q.min, q.max, q.step, q.default] };
    }
    if (!this.fields.has(name) && !Object.hasOwn(this.ir.lets, name)) throw new Error(`invalid IR: unknown name ${name}`);
    return this.shared(name);
  }

  /** `{"value": name}`, its definition queued the first time it is read. */
  private shared(name: string): Logic {
    if (!Object.hasOwn(this.values, name)) {
      // Reserved before it is defined, so that it is queued once.
      this.values[name] = null;
      this.pending.push(name);
    }
    return { value: name };
  }

  /**
   * A list of literals is JSON Logic's `in`; otherwise `or` of comparisons, read lazily as the server does. A
   * multi-select field's value (`set`) is an array of option ids, which standard `in` searches too.
   */
  private membership(a: Expr, list: Expr[], negate: boolean, set: Expr | undefined): Logic {
    const x = this.tr(a);
    if (set !== undefined) {
      const test = { in: [x, this.tr(set)] };
      return negate ? { '!': [test] } : test;
    }
    const literal = list.every((i) => i.k === 'num' || i.k === 'str' || i.k === 'bool');
    const test = literal
      ? { in: [x, list.map((i) => this.tr(i))] }
      : { or: list.length === 0 ? [false] : list.map((i) => ({ '===': [x, this.tr(i)] })) };
    return negate ? { '!': [test] } : test;
  }

  private table(name: string) {
    if (!Object.hasOwn(this.ir.tables, name)) throw new Error(`invalid IR: unknown table ${name}`);
    return this.ir.tables[name]!;
  }

  private tableCall(name: string, args: Expr[]): Logic {
    const t = this.table(name);
    const xs = args.map((a) => this.tr(a));
    if (t.kind === 'range') return { range: [xs[0], t.bands, t.values, t.lookup] };
    if (t.kind === 'matrix') return { matrix: [xs[0], xs[1], t.rows, t.columns, t.values, t.lookup] };
    throw new Error(`invalid IR: map table ${name} called`);
  }

  private index(name: string, key: Expr): Logic {
    const t = this.table(name);
    if (t.kind !== 'map') throw new Error(`invalid IR: ${t.kind} table ${name} indexed`);
    const args: Logic[] = [this.tr(key), Object.entries(t.entries)];
    if (t.fallback !== undefined) args.push(t.fallback);
    return { lookup: args };
  }

  /** An option attribute, exported once as the value "field.attr" (no field or let name has a dot). */
  private attr(field: string, attr: string): Logic {
    if (!this.fields.get(field)?.options) throw new Error(`invalid IR: ${field} has no options`);
    return this.shared(`${field}.${attr}`);
  }

  /** An option attribute: the option's, or the attribute type's empty value when the field has no option. */
  private attrValue(field: string, attr: string): Logic {
    const options = this.fields.get(field)?.options ?? [];
    const first = options[0]?.attrs[attr];
    const empty = typeof first === 'number' ? 0 : typeof first === 'string' ? '' : false;
    return choose(
      this.ref(field),
      options.map((o): [string, Logic] => [o.id, o.attrs[attr]]),
      empty,
    );
  }
}

const exports = new WeakMap<ProductIR, FormLogic>();

/** The product's export, built once per IR (a form is rendered once per language, its logic is the same). */
export function formLogic(ir: ProductIR): FormLogic {
  let logic = exports.get(ir);
  if (logic === undefined) {
    logic = new FormLogic(ir);
    exports.set(ir, logic);
  }
  return logic;
}

/** JSON nodes of a JSON value, counting every object, array and scalar once. */
export function logicSize(logic: Logic): number {
  let n = 0;
  const stack: unknown[] = [logic];
  while (stack.length > 0) {
    const x = stack.pop();
    n++;
    if (Array.isArray(x)) for (const item of x) stack.push(item);
    else if (x !== null && typeof x === 'object') for (const item of Object.values(x)) stack.push(item);
  }
  return n;
}
