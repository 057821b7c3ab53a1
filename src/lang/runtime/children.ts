import type { Expr } from '../ir';

/**
 * The sub-expressions an expression evaluates, for walks over compiled expressions (what evaluation costs, whether
 * it reads the price). A compatibility table's `rows` reads its columns through the row index and has none.
 */
export function childrenOf(x: Expr): readonly Expr[] {
  switch (x.k) {
    case 'bin':
      return [x.a, x.b];
    case 'not':
    case 'neg':
      return [x.a];
    case 'if':
      return [x.c, x.t, x.e];
    case 'in':
      return x.set ? [x.a, ...x.list, x.set] : [x.a, ...x.list];
    case 'call':
    case 'table':
      return x.args;
    case 'index':
      return [x.key];
    default:
      return [];
  }
}
