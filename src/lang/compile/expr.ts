// AST expressions → IR expressions.

import type * as ir from '../ir';
import type { Expr, Span } from '../syntax/ast';

/** Tells a call of a range/matrix table from a call of a built-in function. */
export type IsTable = (name: string) => boolean;

const at = (s: Span): ir.Span => ({ line: s.line, column: s.column });

export function compileExpr(e: Expr, isTable: IsTable): ir.Expr {
  const c = (x: Expr) => compileExpr(x, isTable);
  switch (e.kind) {
    case 'number':
      return { k: 'num', v: e.value };
    case 'string':
      return { k: 'str', v: e.value };
    case 'boolean':
      return { k: 'bool', v: e.value };
    case 'name':
      return { k: 'ref', name: e.name };
    case 'binary':
      return { k: 'bin', op: e.op, a: c(e.left), b: c(e.right), at: at(e.span) };
    case 'not':
      return { k: 'not', a: c(e.operand) };
    case 'neg':
      return { k: 'neg', a: c(e.operand) };
    case 'if':
      return { k: 'if', c: c(e.cond), t: c(e.then), e: c(e.else) };
    case 'in':
      return e.set
        ? { k: 'in', a: c(e.value), list: [], negate: e.negate, set: c(e.set) }
        : { k: 'in', a: c(e.value), list: e.list.map(c), negate: e.negate };
    case 'call':
      return isTable(e.callee.name)
        ? { k: 'table', table: e.callee.name, args: e.args.map(c), at: at(e.span) }
        : { k: 'call', fn: e.callee.name, args: e.args.map(c), at: at(e.span) };
    case 'index':
      return { k: 'index', table: e.target.name, key: c(e.key), at: at(e.span) };
    case 'attr':
      return { k: 'attr', field: e.target.name, attr: e.attr.name };
  }
}
