// Semantic actions of expressions. The grammar reads an operator sequence flat; parse-expr.ts builds the tree.
import type { CPQSemantics } from '../../../grammar/cpq.ohm-bundle.js';
import type { BinaryOp, Expr } from './ast';
import { expr, exprs, ident, optional, spanOf, stringLit, syntaxError, tail, term } from './parse-build';
import { climb, type Tail, type Term } from './parse-expr';

export function addExpressionOperations(semantics: CPQSemantics): void {
  semantics.addOperation<Expr[]>('exprs', {
    Exprs(first, _commas, rest, _trailing) {
      return [expr(first), ...rest.children.map(expr)];
    },
  });

  semantics.addOperation<Term>('term', {
    Term(prefixes, operand) {
      return {
        prefixes: prefixes.children.map((p) => ({ op: p.sourceString === '-' ? '-' : 'not', span: spanOf(p) })),
        operand: expr(operand),
      };
    },
  });

  semantics.addOperation<Tail>('tail', {
    OpTail(op, rhs) {
      if (op.ctorName === 'binOp') return { kind: 'binary', op: op.sourceString as BinaryOp, span: spanOf(op), term: term(rhs) };
      const negate = op.child(0).numChildren > 0;
      if (rhs.ctorName !== 'ExprList') return { kind: 'in', negate, list: [], set: expr(rhs), span: spanOf(this) };
      return { kind: 'in', negate, list: optional(rhs.child(1), exprs) ?? [], span: spanOf(this) };
    },
  });

  semantics.addOperation<Expr>('expr', {
    Expr(first, tails) {
      return climb(term(first), tails.children.map(tail), (at) =>
        syntaxError(at, 'comparisons cannot be chained; combine them with "and" or "or"'),
      );
    },
    Operand_if(_if, c, _then, t, _else, e) {
      return { kind: 'if', cond: expr(c), then: expr(t), else: expr(e), span: spanOf(this) };
    },
    Operand_name(name, postfix) {
      const span = spanOf(this);
      const text = name.sourceString;
      const p = postfix.numChildren > 0 ? postfix.child(0) : undefined;
      if (!p) {
        if (text === 'true' || text === 'false') return { kind: 'boolean', value: text === 'true', span };
        return { kind: 'name', name: ident(name).name, span };
      }
      const open = p.child(0).sourceString;
      // `price.total`: the keyword `price` names the price where an attribute is read (outputs).
      const target = open === '.' && text === 'price' ? { name: text, span: spanOf(name) } : ident(name);
      const inner = p.child(1);
      if (open === '(') return { kind: 'call', callee: target, args: optional(inner, exprs) ?? [], span };
      if (open === '[') return { kind: 'index', target, key: expr(inner), span };
      return { kind: 'attr', target, attr: { name: inner.sourceString, span: spanOf(inner) }, span };
    },
    Operand_paren(_open, e, _close) {
      // The parentheses belong to the expression's text (conditions keep their source text).
      return { ...expr(e), span: spanOf(this) };
    },
    number(_int, _dot, _frac, _e, _sign, _exp, percent) {
      const span = spanOf(this);
      const text = this.sourceString;
      const isPercent = percent.numChildren > 0;
      const n = Number(isPercent ? text.slice(0, -1) : text);
      if (!Number.isFinite(n)) syntaxError(span, `the number ${text} is too large`);
      return { kind: 'number', value: isPercent ? n / 100 : n, percent: isPercent, span };
    },
    string(_open, _chars, _close) {
      return stringLit(this);
    },
  });
}
