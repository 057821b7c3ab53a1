// An operand of a binary operator as the compiled closures read it (runtime/closures.ts builds them, the operator
// registry's `compile` facets read them, src/lang/operators.ts).
import { type Ctx, DONE, type Fn, slotOf } from './context';
import type { Val } from './fault';

export const LITERAL = 0;
export const SLOT = 1;
export const CLOSURE = 2;

/**
 * Most operands are literals and names (fields, lets, option attributes): reading those inline saves a call per
 * leaf. `read` is small and always the same function, so the optimizer inlines it. `f` reads any kind of operand
 * and is what non-inlined paths call.
 */
export interface Operand {
  kind: typeof LITERAL | typeof SLOT | typeof CLOSURE;
  v: Val;
  s: number;
  f: Fn;
}

/** The value of each closure `literal` made (operandOf). */
const literals = new WeakMap<Fn, Val>();

export function literal(v: Val): Fn {
  const f = () => v;
  literals.set(f, v);
  return f;
}

/** A value known before evaluation as an operand (the JSON Logic extra operations run operators on values). */
export function literalOperand(v: Val): Operand {
  return { kind: LITERAL, v, s: -1, f: () => v };
}

/**
 * A compiled argument as an operand: a literal or a slot reader is read inline by `read`, saving the call to it
 * (functions and tables take their arguments as closures).
 */
export function operandOf(f: Fn): Operand {
  const s = slotOf(f);
  if (s !== undefined) return { kind: SLOT, v: 0, s, f };
  const v = literals.get(f);
  return v === undefined ? { kind: CLOSURE, v: 0, s: -1, f } : { kind: LITERAL, v, s: -1, f };
}

export function read(c: Ctx, kind: number, v: Val, s: number, f: Fn): Val {
  if (kind === SLOT) return c.st[s] === DONE ? (c.v[s] as Val) : c.force(s);
  return kind === LITERAL ? v : f(c);
}
