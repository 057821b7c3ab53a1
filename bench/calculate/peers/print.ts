// An IR expression as source text of a peer engine (jexl, mathjs, CEL): the same formula, in that engine's syntax.
// Option attributes become variables `<field>__<attr>`, range and matrix tables functions, map tables objects.
import type { Expr, ValueType } from '../../../src/lang/ir';
import type { RowsExpr } from '../../../src/lang/runtime/rows';
import { attrVar } from './plan';

export type Comparison = '<' | '<=' | '>' | '>=';

/** Where the engines' syntaxes differ. */
export interface Dialect {
  num(v: number): string;
  and: string;
  or: string;
  not(a: string): string;
  neg(a: string): string;
  /** `a == b` (or `a != b`) for operands of type `t`. */
  equal(a: string, b: string, t: ValueType, negate: boolean): string;
  compare(op: Comparison, a: string, b: string, t: ValueType): string;
  /** `a in [items]`. */
  member(a: string, items: string[], t: ValueType, negate: boolean): string;
  /** The name a built-in function of the language is called by. */
  fn(name: string): string;
}

export function printer(d: Dialect, typeOf: (e: Expr) => ValueType): (e: Expr) => string {
  const print = (e: Expr): string => {
    switch (e.k) {
      case 'num':
        return d.num(e.v);
      case 'str':
        return JSON.stringify(e.v);
      case 'bool':
        return String(e.v);
      case 'ref':
        return e.name;
      case 'bin': {
        const a = print(e.a);
        const b = print(e.b);
        switch (e.op) {
          case '==':
          case '!=':
            return d.equal(a, b, typeOf(e.a), e.op === '!=');
          case '<':
          case '<=':
          case '>':
          case '>=':
            return d.compare(e.op, a, b, typeOf(e.a));
          case 'and':
            return `(${a} ${d.and} ${b})`;
          case 'or':
            return `(${a} ${d.or} ${b})`;
          default:
            return `(${a} ${e.op} ${b})`;
        }
      }
      case 'not':
        return d.not(print(e.a));
      case 'neg':
        return d.neg(print(e.a));
      case 'if':
        return `(${print(e.c)} ? ${print(e.t)} : ${print(e.e)})`;
      case 'in': {
        if (e.set) {
          const has = `${d.fn('has')}(${print(e.set)}, ${print(e.a)})`;
          return e.negate ? d.not(has) : has;
        }
        return d.member(print(e.a), e.list.map(print), typeOf(e.a), e.negate);
      }
      case 'call':
        return `${d.fn(e.fn)}(${e.args.map(print).join(', ')})`;
      case 'table':
        return `${e.table}(${e.args.map(print).join(', ')})`;
      case 'index':
        return `${e.table}[${print(e.key)}]`;
      case 'attr':
        return attrVar(e.field, e.attr);
      case 'rows':
        // A peer engine has no table index: the rows as the comparisons they stand for.
        return print(rowsAsComparisons(e));
    }
  };
  return print;
}

/**
 * A compatibility table's rows as the comparisons they stand for: a balanced `or` of `and`s of `column == cell`
 * (`column in [cell, …]` for a list cell).
 */
function rowsAsComparisons(e: RowsExpr): Expr {
  const { at } = e;
  const balanced = (items: readonly Expr[], op: 'and' | 'or'): Expr | undefined => {
    if (items.length === 0) return undefined;
    const build = (lo: number, hi: number): Expr => {
      if (hi - lo === 1) return items[lo]!;
      const mid = (lo + hi) >> 1;
      return { k: 'bin', op, a: build(lo, mid), b: build(mid, hi), at };
    };
    return build(0, items.length);
  };
  const rows = e.rows.map((row): Expr => {
    const cells = row.flatMap((cell, i): Expr[] => {
      const column: Expr = { k: 'ref', name: e.columns[i]! };
      if (cell === null) return [];
      if (typeof cell === 'string') return [{ k: 'bin', op: '==', a: column, b: { k: 'str', v: cell }, at }];
      return [{ k: 'in', a: column, list: cell.map((v): Expr => ({ k: 'str', v })), negate: false }];
    });
    return balanced(cells, 'and') ?? { k: 'bool', v: true };
  });
  return balanced(rows, 'or') ?? { k: 'bool', v: false };
}
