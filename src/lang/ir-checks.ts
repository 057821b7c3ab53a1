// The checks a complete configuration passes, read from the IR alone (the engine, the form's exported option
// availability and the checker all start from here): constraints hold, options' available_when hold, error rules
// do not fire. And the fields each check depends on: through lets, computed fields and the conditions that decide
// whether a field it reads is active.
import type { Expr, FieldIR, OptionIR, ProductIR } from './ir';

export interface CheckIR {
  /** The rule name reported: a constraint's or error rule's id, `field.option` for an available_when. */
  id: string;
  expr: Expr;
  /** The value that fails it: false for a constraint or available_when, true for an error rule. */
  fails: boolean;
}

/**
 * An option's available_when as a constraint: it holds unless the option is the field's value (for a multi-select,
 * unless the option is ticked).
 */
export function availabilityExpr(f: FieldIR, o: OptionIR & { availableWhen: NonNullable<OptionIR['availableWhen']> }): Expr {
  const at = o.at ?? f.at ?? { line: 1, column: 1 };
  const field: Expr = { k: 'ref', name: f.id };
  const option: Expr = { k: 'str', v: o.id };
  const chosen: Expr =
    f.valueType === 'list'
      ? { k: 'in', a: option, list: [], negate: true, set: field }
      : { k: 'bin', op: '!=', a: field, b: option, at };
  return { k: 'bin', op: 'or', a: chosen, b: o.availableWhen.expr, at };
}

/** In the order the runtime evaluates them: declared constraints, options' available_when, error rules. */
export function checksOf(ir: ProductIR): CheckIR[] {
  const out: CheckIR[] = ir.constraints.map((k) => ({ id: k.id, expr: k.holds, fails: false }));
  for (const f of ir.fields) {
    for (const o of f.options ?? []) {
      if (o.availableWhen)
        out.push({ id: `${f.id}.${o.id}`, expr: availabilityExpr(f, { ...o, availableWhen: o.availableWhen }), fails: false });
    }
  }
  for (const r of ir.rules) if (r.severity === 'error') out.push({ id: r.id, expr: r.when, fails: true });
  return out;
}

/** The fields (by index, ascending) an expression of the product depends on; memoized per name. */
export function dependencies(ir: ProductIR): (e: Expr) => number[] {
  const fieldIndex = new Map(ir.fields.map((f, i) => [f.id, i]));
  const groups = new Map(ir.groups.map((g) => [g.id, g]));
  const memo = new Map<string, Set<number>>();
  const ofName = (name: string): Set<number> => {
    const known = memo.get(name);
    if (known) return known;
    const out = new Set<number>();
    memo.set(name, out);
    const i = fieldIndex.get(name);
    if (i !== undefined) {
      const f = ir.fields[i]!;
      out.add(i);
      const g = groups.get(f.group);
      for (const e of [f.visibleWhen?.expr, f.enabledWhen?.expr, g?.visibleWhen?.expr, g?.enabledWhen?.expr, f.value]) {
        if (e) into(e, out);
      }
    } else if (Object.hasOwn(ir.lets, name)) into(ir.lets[name]!, out);
    return out;
  };
  const into = (e: Expr, out: Set<number>): void => {
    walk(e, (name) => {
      for (const i of ofName(name)) out.add(i);
    });
  };
  return (e) => {
    const out = new Set<number>();
    into(e, out);
    return [...out].sort((a, b) => a - b);
  };
}

/**
 * A property of expressions that holds through the names they read: `own` decides one expression, asking its
 * sub-expressions (`of`) and the fields and lets it reads (`ofName`: a field's value and the conditions of it and its
 * group, or a let's expression), memoized per name. While a name is worked out it counts as false (a cycle is
 * refused by the checker).
 */
export function throughNames(
  ir: ProductIR,
  own: (e: Expr, of: (e: Expr) => boolean, ofName: (name: string) => boolean) => boolean,
): (e: Expr) => boolean {
  const fields = new Map(ir.fields.map((f) => [f.id, f]));
  const groups = new Map(ir.groups.map((g) => [g.id, g]));
  const memo = new Map<string, boolean>();
  const ofName = (name: string): boolean => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    memo.set(name, false);
    const f = fields.get(name);
    const g = f && groups.get(f.group);
    const exprs = f
      ? [f.value, f.visibleWhen?.expr, f.enabledWhen?.expr, g?.visibleWhen?.expr, g?.enabledWhen?.expr]
      : Object.hasOwn(ir.lets, name)
        ? [ir.lets[name]]
        : [];
    const holds = exprs.some((x) => x !== undefined && of(x));
    memo.set(name, holds);
    return holds;
  };
  const of = (e: Expr): boolean => own(e, of, ofName);
  return of;
}

/**
 * Whether an expression of the product reads `quantity`, directly or through the lets, computed fields and
 * conditions `dependencies` follows (the exact engine's tables hold only what the fields decide).
 */
export function readsQuantity(ir: ProductIR): (e: Expr) => boolean {
  return throughNames(ir, (e, _, ofName) => {
    let reads = false;
    walk(e, (name) => {
      reads ||= name === 'quantity' || ofName(name);
    });
    return reads;
  });
}

/** Calls `name` for every field or let an expression reads (an option attribute reads its field), and `quantity`. */
function walk(e: Expr, name: (n: string) => void): void {
  switch (e.k) {
    case 'ref':
      name(e.name);
      return;
    case 'attr':
      name(e.field);
      return;
    case 'bin':
      walk(e.a, name);
      walk(e.b, name);
      return;
    case 'not':
    case 'neg':
      walk(e.a, name);
      return;
    case 'if':
      walk(e.c, name);
      walk(e.t, name);
      walk(e.e, name);
      return;
    case 'in':
      walk(e.a, name);
      for (const x of e.list) walk(x, name);
      if (e.set) walk(e.set, name);
      return;
    case 'call':
    case 'table':
      for (const x of e.args) walk(x, name);
      return;
    case 'index':
      walk(e.key, name);
      return;
    case 'rows':
      for (const column of e.columns) name(column);
      return;
    default:
      return;
  }
}
