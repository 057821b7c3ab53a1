// Why a condition came out as it did: the values that decided it (`because` of errors, warnings and reasons).
//
// "Minimal" is decided per operator, on the values of the evaluation that just ran: `a and b` that is false
// was decided by its first false operand alone, and `a or b` that is true by its first true operand (the
// registry's `decides`, src/lang/operators.ts); a true `and`, a false `or` and every other operator need all their
// operands; `if` needs its condition and the branch taken. A let stands for the values it read (explained the same
// way); a field or `quantity` stands for itself; a computed (`hidden`) field is a derived value and stands for
// itself too.
import type { Expr } from '../ir';
import { operator } from '../operators';
import type { CompiledModel } from './compiled-model';
import type { Ctx, Fn } from './context';
import { Fault, type Val } from './fault';
import { echo } from './fields';
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

/** One explanation: the names found so far, and the values of the sub-expressions it has asked for. */
class Explanation {
  readonly names = new Set<string>();
  private readonly seenLets = new Set<string>();
  private readonly values = new Map<Expr, Val | undefined>();

  constructor(
    private readonly m: CompiledModel,
    private readonly c: Ctx,
  ) {}

  /**
   * The value of a sub-expression (undefined: it faults). `and`, `or` and `not` are combined from their operands'
   * values, each found once, so explaining a chain of 500 `and`s is linear, not a re-evaluation of the chain below
   * every link (issue 27: 100 such rules took 2.5 s to explain); anything else is evaluated by its own closure.
   */
  private value(e: Expr): Val | undefined {
    if (this.values.has(e)) return this.values.get(e);
    let v: Val | undefined;
    const decides = e.k === 'bin' ? operator(e.op).decides : undefined;
    if (e.k === 'bin' && decides !== undefined) {
      const a = this.value(e.a);
      // As the runtime reads them: the second operand only when the first does not decide.
      v = a === undefined || a === decides ? a : this.value(e.b);
    } else if (e.k === 'not') {
      const a = this.value(e.a);
      v = a === undefined ? undefined : !a;
    } else v = valueAt(this.m, this.c, e);
    this.values.set(e, v);
    return v;
  }

  collect(e: Expr): void {
    switch (e.k) {
      case 'num':
      case 'str':
      case 'bool':
        return;
      case 'ref': {
        const let_ = Object.hasOwn(this.m.ir.lets, e.name) ? this.m.ir.lets[e.name] : undefined;
        if (let_ === undefined) this.names.add(e.name);
        else if (!this.seenLets.has(e.name)) {
          this.seenLets.add(e.name);
          this.collect(let_);
        }
        return;
      }
      case 'attr':
        this.names.add(e.field);
        return;
      case 'bin': {
        const decisive = operator(e.op).decides;
        if (decisive !== undefined) {
          // The first operand with the deciding value decides alone.
          const alone = this.value(e.a) === decisive ? e.a : this.value(e.b) === decisive ? e.b : undefined;
          if (alone !== undefined) {
            this.collect(alone);
            return;
          }
        }
        this.collect(e.a);
        this.collect(e.b);
        return;
      }
      case 'not':
      case 'neg':
        this.collect(e.a);
        return;
      case 'if': {
        this.collect(e.c);
        const cond = this.value(e.c);
        if (cond !== false) this.collect(e.t);
        if (cond !== true) this.collect(e.e);
        return;
      }
      case 'in':
        this.collect(e.a);
        for (const item of e.list) this.collect(item);
        if (e.set) this.collect(e.set);
        return;
      case 'call':
      case 'table':
        for (const a of e.args) this.collect(a);
        return;
      case 'index':
        this.collect(e.key);
        return;
      case 'rows':
        for (const i of decidingColumns(e, (i) => read(this.m, this.c, e.columns[i]!))) this.names.add(e.columns[i]!);
        return;
    }
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
 * Values a `because` lists, at most (the first read first; a text among them is cut like an echoed value), and
 * characters of their names and texts: an error or a reason names what decided it, not every value a long
 * condition read (issue 27: answers of megabytes).
 */
export const MAX_BECAUSE_VALUES = 20;
/** Characters of names and texts a `because` lists, at most: a name may be as long as the schema allows. */
const MAX_BECAUSE_CHARS = 2_000;

/**
 * The values that decided `e` in the evaluation `c` holds, by name: the fields the buyer sent (`sent`, by field
 * index) first, then the others (defaults, adjusted values, computed fields, `quantity`), each in the order they are
 * read (issue 33: a conflict names the buyer's values before the defaults, and the cap keeps them). `leaveOut` names
 * a value not to list (the option whose availability is being explained).
 */
export function because(m: CompiledModel, c: Ctx, e: Expr, sent: (field: number) => boolean, leaveOut?: string): Because {
  const explanation = new Explanation(m, c);
  explanation.collect(e);
  const isSent = (name: string) => {
    const i = m.fieldIndex.get(name);
    return i !== undefined && sent(i);
  };
  const read = [...explanation.names];
  const names = [...read.filter(isSent), ...read.filter((name) => !isSent(name))];
  const out: Because = Object.create(null);
  let listed = 0;
  let chars = 0;
  for (const name of names) {
    if (name === leaveOut) continue;
    if (listed === MAX_BECAUSE_VALUES || chars + name.length > MAX_BECAUSE_CHARS) break;
    const read = m.lookup(name);
    if (read === undefined) continue;
    try {
      const v = read(c);
      const shown = typeof v === 'string' ? echo(v) : v;
      out[name] = shown;
      chars += name.length + (typeof shown === 'string' ? shown.length : 0);
      listed++;
    } catch (err) {
      if (!(err instanceof Fault)) throw err;
      c.unwind(err);
    }
  }
  return out;
}
