// Work units (issue 27): what evaluating an expression costs at most, in expression nodes, so that a request's
// budget counts work done rather than evaluations (one evaluation of a large table or a long let is not one
// comparison). A compatibility table costs one lookup per column of each distinct row pattern, and a word per 32
// rows of the row sets its option lists are indexed by (rows.ts).
import type { Expr } from '../ir';
import { childrenOf } from './children';
import { rowsCost } from './rows';

/** Nodes evaluated at most by one evaluation of `e` (names it reads are charged where their slots are computed). */
export function exprCost(e: Expr): number {
  let n = 0;
  const stack: Expr[] = [e];
  for (let x = stack.pop(); x !== undefined; x = stack.pop()) {
    n++;
    stack.push(...childrenOf(x));
    if (x.k === 'rows') n += rowsCost(x);
  }
  return n;
}
