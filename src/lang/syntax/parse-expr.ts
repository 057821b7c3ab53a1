// The grammar reads an expression as a flat sequence `Term (OpTail)*` (see grammar/cpq.ohm); this applies the
// bindings of the operator registry (src/lang/operators.ts) to it, by precedence climbing, as the fast parser
// (fast-parse-expr.ts) does token by token: or < and < not < comparison and `in` (not chainable) < + - < * / < unary -
import { type BinaryOp, COMPARISON, NEG_BINDING, NOT_BINDING, operator, rightBinding } from '../operators';
import type { Expr, Span } from './ast';

export interface Prefix {
  op: '-' | 'not';
  span: Span;
}
export interface Term {
  prefixes: Prefix[];
  operand: Expr;
}
export type Tail =
  | { kind: 'binary'; op: BinaryOp; span: Span; term: Term }
  | { kind: 'in'; negate: boolean; list: Expr[]; set?: Expr; span: Span };

type Token = { kind: 'prefix'; prefix: Prefix } | { kind: 'operand'; expr: Expr } | Tail;

const bindingOf = (t: Tail) => (t.kind === 'in' ? COMPARISON : operator(t.op).binding);

export function join(a: Span, b: Span): Span {
  return { line: a.line, column: a.column, endLine: b.endLine, endColumn: b.endColumn, start: a.start, end: b.end };
}

/** `onChain` is told about a comparison that follows another one without `and`/`or` between them. */
export function climb(first: Term, tails: Tail[], onChain: (at: Span) => void): Expr {
  const tokens: Token[] = [];
  const pushTerm = (t: Term) => {
    for (const prefix of t.prefixes) tokens.push({ kind: 'prefix', prefix });
    tokens.push({ kind: 'operand', expr: t.operand });
  };
  pushTerm(first);
  for (const tail of tails) {
    tokens.push(tail);
    if (tail.kind === 'binary') pushTerm(tail.term);
  }
  let pos = 0;

  const parse = (rbp: number): Expr => {
    const tok = tokens[pos++];
    let left: Expr;
    if (tok?.kind === 'prefix') {
      const { op, span } = tok.prefix;
      const operand = parse(op === 'not' ? NOT_BINDING : NEG_BINDING);
      left = { kind: op === 'not' ? 'not' : 'neg', operand, span: join(span, operand.span) };
    } else if (tok?.kind === 'operand') {
      left = tok.expr;
    } else {
      // The grammar puts an operand after every operator, so the sequence cannot end here.
      throw new Error('operator sequence without operand');
    }
    let lastComparison = false;
    for (;;) {
      const tail = tokens[pos];
      if (tail === undefined || tail.kind === 'prefix' || tail.kind === 'operand') break;
      const bp = bindingOf(tail);
      if (bp <= rbp) break;
      pos++;
      if (bp === COMPARISON && lastComparison) onChain(tail.span);
      lastComparison = bp === COMPARISON;
      if (tail.kind === 'in') {
        const span = join(left.span, tail.span);
        left = tail.set
          ? { kind: 'in', value: left, list: tail.list, negate: tail.negate, set: tail.set, span }
          : { kind: 'in', value: left, list: tail.list, negate: tail.negate, span };
      } else {
        const right = parse(rightBinding(tail.op));
        left = { kind: 'binary', op: tail.op, left, right, span: join(left.span, right.span) };
      }
    }
    return left;
  };
  return parse(0);
}
