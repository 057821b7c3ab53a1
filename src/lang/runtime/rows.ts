// A compatibility table's rows (the IR's `rows` expression, "some row matches"). Tested row by row, a table of
// 1,000 rows costs a thousand comparisons per evaluation, and the configurator evaluates it for every option it
// tries (issue 27). Here the rows are indexed once per IR node by their pattern (the columns a row names, its
// wildcards left out), each pattern a trie of its cells in column order: an evaluation costs at most one lookup
// per column per distinct pattern, and reads a column only while some row of the pattern still matches, as the
// row-by-row `or` of `and`s did.
import type { Expr } from '../ir';
import type { Fn } from './context';
import type { Val } from './fault';

export type RowsExpr = Extract<Expr, { k: 'rows' }>;

/** Cells of one pattern in column order; the leaf is the index of the first row written with those cells. */
type Trie = Map<string, Trie | number>;

interface Pattern {
  /** The columns its rows name (no wildcard), ascending. */
  columns: number[];
  trie: Trie;
  /** Its first row: patterns are tried in this order. */
  first: number;
}

const indexes = new WeakMap<RowsExpr, Pattern[]>();

/** The patterns of a table's rows, in the order of their first row; built once per IR node. */
export function patternsOf(e: RowsExpr): Pattern[] {
  let patterns = indexes.get(e);
  if (patterns !== undefined) return patterns;
  const byMask = new Map<string, Pattern>();
  e.rows.forEach((row, r) => {
    const columns = row.flatMap((cell, i) => (cell === null ? [] : [i]));
    const mask = columns.join(',');
    let p = byMask.get(mask);
    if (p === undefined) {
      p = { columns, trie: new Map(), first: r };
      byMask.set(mask, p);
    }
    let node = p.trie;
    columns.forEach((col, j) => {
      const cell = row[col] as string;
      if (j === columns.length - 1) {
        if (!node.has(cell)) node.set(cell, r);
        return;
      }
      let next = node.get(cell);
      if (!(next instanceof Map)) {
        next = new Map();
        node.set(cell, next);
      }
      node = next;
    });
  });
  patterns = [...byMask.values()];
  indexes.set(e, patterns);
  return patterns;
}

/** Whether some row of the pattern has the values `read(column)` gives (read lazily, in column order). */
function matches(p: Pattern, read: (column: number) => Val): boolean {
  let node: Trie | number = p.trie;
  for (const col of p.columns) {
    if (!(node instanceof Map)) return false;
    const v = read(col);
    if (typeof v !== 'string') return false;
    const next: Trie | number | undefined = node.get(v);
    if (next === undefined) return false;
    node = next;
  }
  return true;
}

/** The compiled `rows` expression; `columns` read each column's field. */
export function compileRows(e: RowsExpr, columns: readonly Fn[]): Fn {
  const patterns = patternsOf(e);
  return (c) => {
    const read = (col: number) => (columns[col] as Fn)(c);
    for (const p of patterns) if (matches(p, read)) return true;
    return false;
  };
}

/**
 * The columns that decided a `rows` expression, as the row-by-row `or` of `and`s explains itself: when a row
 * matches, the cells of the first matching row; when none does, per row the first cell that differs. Read from
 * the index too: a pattern's walk down its trie meets every row's first differing cell on the way.
 */
export function decidingColumns(e: RowsExpr, read: (column: number) => Val | undefined): number[] {
  const values = e.columns.map((_, i) => read(i));
  let first: Pattern | undefined;
  let firstRow = e.rows.length;
  const differing = new Set<number>();
  for (const p of patternsOf(e)) {
    let node: Trie | number = p.trie;
    for (const col of p.columns) {
      if (!(node instanceof Map)) break;
      const v = values[col];
      const next: Trie | number | undefined = typeof v === 'string' ? node.get(v) : undefined;
      // Some row of the pattern has another cell here (every cell, when the value is none of them).
      if (node.size > (next === undefined ? 0 : 1)) differing.add(col);
      if (next === undefined) {
        node = -1;
        break;
      }
      node = next;
    }
    const row = typeof node === 'number' ? node : p.first;
    if (node !== -1 && row < firstRow) {
      first = p;
      firstRow = row;
    }
  }
  return first !== undefined ? first.columns : [...differing].sort((a, b) => a - b);
}
