// An operand of a binary operator as the compiled closures read it (runtime/closures.ts builds them, the operator
// registry's `compile` facets read them, src/lang/operators.ts).
import { type Ctx, DONE, type Fn } from './context';
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

export function literal(v: Val): Fn {
  return () => v;
}

/** A value known before evaluation as an operand (the JSON Logic extra operations run operators on values). */
export function literalOperand(v: Val): Operand {
  return { kind: LITERAL, v, s: -1, f: literal(v) };
}

export function read(c: Ctx, kind: number, v: Val, s: number, f: Fn): Val {
  if (kind === SLOT) return c.st[s] === DONE ? (c.v[s] as Val) : c.force(s);
  return kind === LITERAL ? v : f(c);
}
