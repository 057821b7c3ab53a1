// What the peer engines need to know about a product beyond its expressions: the order in which values can be
// computed eagerly (the runtime computes them lazily, the peers in dependency order) and each value's type.

import type { Expr, FieldIR, ProductIR, ValueType } from '../../../src/lang/ir';
import { checksOf } from '../../../src/lang/ir-checks';

/** A step of an evaluation: a group's conditions, a field's value (with its conditions) or a let. */
export type Step = { kind: 'group'; index: number } | { kind: 'field'; index: number } | { kind: 'let'; name: string };

/** Every value and option attribute a product's expressions read, with its type. */
export type Vars = Map<string, ValueType>;

export const attrVar = (field: string, attr: string): string => `${field}__${attr}`;

/** Calls `visit` on every node of `e`. */
export function walk(e: Expr | undefined, visit: (x: Expr) => void): void {
  if (e === undefined) return;
  visit(e);
  switch (e.k) {
    case 'bin':
      walk(e.a, visit);
      walk(e.b, visit);
      return;
    case 'not':
    case 'neg':
      walk(e.a, visit);
      return;
    case 'if':
      walk(e.c, visit);
      walk(e.t, visit);
      walk(e.e, visit);
      return;
    case 'in':
      walk(e.a, visit);
      for (const x of e.list) walk(x, visit);
      if (e.set) walk(e.set, visit);
      return;
    case 'call':
    case 'table':
      for (const x of e.args) walk(x, visit);
      return;
    case 'index':
      walk(e.key, visit);
      return;
    default:
      return;
  }
}

/** The values an expression reads: fields, lets, `quantity`; an option attribute reads its field. */
function reads(e: Expr | undefined, out: Set<string>): void {
  walk(e, (x) => {
    if (x.k === 'ref') out.add(x.name);
    else if (x.k === 'attr') out.add(x.field);
  });
}

/** Every expression of a product. */
export function expressions(ir: ProductIR): Expr[] {
  const out: Expr[] = [];
  const add = (e: Expr | undefined) => {
    if (e !== undefined) out.push(e);
  };
  for (const g of ir.groups) for (const c of [g.visibleWhen, g.enabledWhen]) add(c?.expr);
  for (const f of ir.fields) for (const c of [f.visibleWhen, f.enabledWhen, f.requiredWhen]) add(c?.expr);
  for (const f of ir.fields) add(f.value);
  Object.values(ir.lets).forEach(add);
  for (const l of ir.price.lines) [l.amount, l.when].forEach(add);
  for (const o of ir.outputs) for (const it of o.items) [it.value, it.when].forEach(add);
  for (const r of ir.rules) add(r.when);
  for (const k of checksOf(ir)) if (!k.fails) add(k.expr);
  return out;
}

/** The option attributes the expressions read, by field. */
export function attributesRead(ir: ProductIR): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const e of expressions(ir)) {
    walk(e, (x) => {
      if (x.k !== 'attr') return;
      const attrs = out.get(x.field) ?? new Set<string>();
      attrs.add(x.attr);
      out.set(x.field, attrs);
    });
  }
  return out;
}

/** Steps in an order where everything a step reads comes before it (the IR is acyclic: the checker saw to it). */
export function evaluationOrder(ir: ProductIR): Step[] {
  const fieldIndex = new Map(ir.fields.map((f, i) => [f.id, i]));
  const groupIndex = new Map(ir.groups.map((g, i) => [g.id, i]));
  const deps = (name: string): { step: Step; reads: Set<string> } => {
    const out = new Set<string>();
    const g = name.startsWith('group:') ? groupIndex.get(name.slice(6)) : undefined;
    if (g !== undefined) {
      const group = ir.groups[g];
      reads(group?.visibleWhen?.expr, out);
      reads(group?.enabledWhen?.expr, out);
      return { step: { kind: 'group', index: g }, reads: out };
    }
    const f = fieldIndex.get(name);
    if (f !== undefined) {
      const field = ir.fields[f] as FieldIR;
      out.add(`group:${field.group}`);
      reads(field.visibleWhen?.expr, out);
      reads(field.enabledWhen?.expr, out);
      reads(field.value, out);
      return { step: { kind: 'field', index: f }, reads: out };
    }
    reads(ir.lets[name], out);
    return { step: { kind: 'let', name }, reads: out };
  };
  const order: Step[] = [];
  const done = new Set<string>(['quantity']);
  const visit = (name: string): void => {
    if (done.has(name) || (name.startsWith('group:') && !groupIndex.has(name.slice(6)))) return;
    done.add(name);
    const { step, reads: needs } = deps(name);
    for (const n of needs) visit(n);
    order.push(step);
  };
  for (const f of ir.fields) visit(f.id);
  for (const name of Object.keys(ir.lets)) visit(name);
  return order;
}

function literalType(v: unknown): ValueType {
  return typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : 'boolean';
}

/**
 * The type of an expression, and the variables of a product: `quantity`, fields, lets (typed on first use, their
 * dependencies are acyclic) and the option attributes expressions read, as `<field>__<attr>`.
 */
export function typer(ir: ProductIR): { vars: Vars; typeOf: (e: Expr) => ValueType } {
  const vars: Vars = new Map([['quantity', 'number']]);
  const fields = new Map(ir.fields.map((f) => [f.id, f]));
  const typeOf = (e: Expr): ValueType => {
    switch (e.k) {
      case 'num':
      case 'str':
      case 'bool':
        return literalType(e.v);
      case 'ref': {
        const known = vars.get(e.name);
        if (known !== undefined) return known;
        const t = fields.get(e.name)?.valueType ?? typeOf(ir.lets[e.name] as Expr);
        vars.set(e.name, t);
        return t;
      }
      case 'bin':
        return e.op === '+' || e.op === '-' || e.op === '*' || e.op === '/' ? 'number' : 'boolean';
      case 'not':
      case 'in':
        return 'boolean';
      case 'if':
        return typeOf(e.t);
      case 'index': {
        const t = ir.tables[e.table];
        return t?.kind === 'map' ? literalType(Object.values(t.entries)[0] ?? t.fallback) : 'number';
      }
      case 'attr':
        // `price.total` and the like (output items): numbers.
        return e.field === 'price' ? 'number' : literalType(fields.get(e.field)?.options?.[0]?.attrs[e.attr]);
      default:
        return 'number';
    }
  };
  for (const f of ir.fields) vars.set(f.id, f.valueType);
  for (const name of Object.keys(ir.lets)) typeOf({ k: 'ref', name });
  for (const [field, attrs] of attributesRead(ir)) {
    for (const attr of attrs) {
      const name = attrVar(field, attr);
      if (vars.has(name)) throw new Error(`the attribute variable ${name} collides with a value`);
      vars.set(name, typeOf({ k: 'attr', field, attr }));
    }
  }
  return { vars, typeOf };
}
