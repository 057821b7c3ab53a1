// Why a condition came out as it did: the values that decided it (`because` of errors, warnings and reasons).
//
// "Minimal" is decided per operator, on the values of the evaluation that just ran: `a and b` that is false
// was decided by its first false operand alone, and `a or b` that is true by its first true operand; a true
// `and`, a false `or` and every other operator need all their operands; `if` needs its condition and the branch
// taken. A let stands for the values it read (explained the same way); a field or `quantity` stands for itself;
// a computed (`hidden`) field is a derived value and stands for itself too.
import type { Expr } from '../ir';
import type { Ctx, Fn } from './context';
import { Fault, type Val } from './fault';
import { echo } from './fields';
import type { CompiledModel } from './model';
import { decidingColumns } from './rows';

export type Because = Record<string, Val>;

/** Sub-expressions are compiled on first need, once per model (IR nodes are shared by every request). */
const compiled = new WeakMap<Expr, Fn>();

function valueAt(m: CompiledModel, c: Ctx, e: Expr): Val | undefined {
  let fn = compiled.get(e);
  if (fn === undefined) {
    fn = m.compile(e);
    compiled.set(e, fn);
  }
  try {
    return fn(c);
  } catch (err) {
    if (!(err instanceof Fault)) throw err;
    c.unwind(err);
    return undefined;
  }
}

function collect(m: CompiledModel, c: Ctx, e: Expr, names: Set<string>, seenLets: Set<string>): void {
  switch (e.k) {
    case 'num':
    case 'str':
    case 'bool':
      return;
    case 'ref': {
      const let_ = Object.hasOwn(m.ir.lets, e.name) ? m.ir.lets[e.name] : undefined;
      if (let_ === undefined) names.add(e.name);
      else if (!seenLets.has(e.name)) {
        seenLets.add(e.name);
        collect(m, c, let_, names, seenLets);
      }
      return;
    }
    case 'attr':
      names.add(e.field);
      return;
    case 'bin': {
      if (e.op === 'and' || e.op === 'or') {
        const decisive = e.op === 'or';
        // The first operand with the deciding value decides alone.
        const alone = valueAt(m, c, e.a) === decisive ? e.a : valueAt(m, c, e.b) === decisive ? e.b : undefined;
        if (alone !== undefined) {
          collect(m, c, alone, names, seenLets);
          return;
        }
      }
      collect(m, c, e.a, names, seenLets);
      collect(m, c, e.b, names, seenLets);
      return;
    }
    case 'not':
    case 'neg':
      collect(m, c, e.a, names, seenLets);
      return;
    case 'if': {
      collect(m, c, e.c, names, seenLets);
      const cond = valueAt(m, c, e.c);
      if (cond !== false) collect(m, c, e.t, names, seenLets);
      if (cond !== true) collect(m, c, e.e, names, seenLets);
      return;
    }
    case 'in':
      collect(m, c, e.a, names, seenLets);
      for (const item of e.list) collect(m, c, item, names, seenLets);
      if (e.set) collect(m, c, e.set, names, seenLets);
      return;
    case 'call':
    case 'table':
      for (const a of e.args) collect(m, c, a, names, seenLets);
      return;
    case 'index':
      collect(m, c, e.key, names, seenLets);
      return;
    case 'rows':
      for (const i of decidingColumns(e, (i) => read(m, c, e.columns[i]!))) names.add(e.columns[i]!);
      return;
  }
}

/** A field's value in the evaluation `c` holds; undefined when it cannot be evaluated. */
function read(m: CompiledModel, c: Ctx, name: string): Val | undefined {
  const fn = m.lookup(name);
  if (fn === undefined) return undefined;
  try {
    return fn(c);
  } catch (err) {
    if (!(err instanceof Fault)) throw err;
    c.unwind(err);
    return undefined;
  }
}

/**
 * Values a `because` lists, at most (the first read first; a text among them is cut like an echoed value): an
 * error or a reason names what decided it, not every value a long condition read (issue 27: answers of megabytes).
 */
export const MAX_BECAUSE_VALUES = 20;

/**
 * The values that decided `e` in the evaluation `c` holds, by name in the order they are read; `leaveOut` names a
 * value not to list (the option whose availability is being explained).
 */
export function because(m: CompiledModel, c: Ctx, e: Expr, leaveOut?: string): Because {
  const names = new Set<string>();
  collect(m, c, e, names, new Set());
  const out: Because = Object.create(null);
  let listed = 0;
  for (const name of names) {
    if (name === leaveOut) continue;
    if (listed === MAX_BECAUSE_VALUES) break;
    const read = m.lookup(name);
    if (read === undefined) continue;
    try {
      const v = read(c);
      out[name] = typeof v === 'string' ? echo(v) : v;
      listed++;
    } catch (err) {
      if (!(err instanceof Fault)) throw err;
      c.unwind(err);
    }
  }
  return out;
}
