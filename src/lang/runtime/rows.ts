// A compatibility table's rows (the IR's `rows` expression, "some row matches"). Tested row by row, a table of
// 1,000 rows costs a thousand comparisons per evaluation, and the configurator evaluates it for every option it
// tries (issue 27). Here the rows are indexed once per IR node by their pattern (the columns a row names, its
// wildcards left out), each pattern a trie of its cells in column order: an evaluation costs at most one lookup
// per column per distinct pattern, and reads a column only while some row of the pattern still matches, as the
// row-by-row `or` of `and`s did.
//
// A row with a list cell (any of several options, issue 25) is not put in the trie: a row of lists stands for the
// product of its lists, which a trie would hold path by path (a row [[300 options], [300 options]] is 90,000
// paths). Such rows of a pattern are indexed by column instead, each option naming the set of rows that allow it
// as a bitset: an evaluation looks each column up once and intersects those sets, a word per 32 rows, and the
// index is one bit per row for each option a column's lists and cells name, built in one pass over the cells.
import type { Expr, TableCell } from '../ir';
import type { Fn } from './context';
import type { Val } from './fault';

export type RowsExpr = Extract<Expr, { k: 'rows' }>;

/** Cells of one pattern in column order; the leaf is the index of the first row written with those cells. */
type Trie = Map<string, Trie | number>;

/** A pattern's rows that have a list cell: by column (of the pattern's), by option, the rows allowing it. */
interface Listed {
  /** By bit, the row's index in the table (ascending). */
  rows: number[];
  /** 32-bit words of one set of rows. */
  words: number;
  byColumn: Map<string, Uint32Array>[];
}

interface Pattern {
  /** The columns its rows name (no wildcard), ascending. */
  columns: number[];
  /** Its rows without a list cell, if any (a row of wildcards is the empty trie of no columns). */
  trie?: Trie;
  /** Its rows with a list cell, if any. */
  listed?: Listed;
  /** Its first row: patterns are tried in this order. */
  first: number;
}

const indexes = new WeakMap<RowsExpr, Pattern[]>();

/** The patterns of a table's rows, in the order of their first row; built once per IR node. */
export function patternsOf(e: RowsExpr): Pattern[] {
  let patterns = indexes.get(e);
  if (patterns !== undefined) return patterns;
  const byMask = new Map<string, Pattern>();
  const listedRows = new Map<Pattern, number[]>();
  e.rows.forEach((row, r) => {
    const columns = row.flatMap((cell, i) => (cell === null ? [] : [i]));
    const mask = columns.join(',');
    let p = byMask.get(mask);
    if (p === undefined) {
      p = { columns, first: r };
      byMask.set(mask, p);
    }
    if (row.some((cell) => typeof cell === 'object' && cell !== null)) {
      const rows = listedRows.get(p);
      if (rows === undefined) listedRows.set(p, [r]);
      else rows.push(r);
      return;
    }
    p.trie ??= new Map();
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
  for (const [p, rows] of listedRows) p.listed = listed(e.rows, p.columns, rows);
  patterns = [...byMask.values()];
  indexes.set(e, patterns);
  return patterns;
}

function listed(table: readonly (readonly TableCell[])[], columns: readonly number[], rows: number[]): Listed {
  const words = Math.ceil(rows.length / 32);
  const byColumn = columns.map((col) => {
    const sets = new Map<string, Uint32Array>();
    rows.forEach((r, bit) => {
      const cell = table[r]![col] as string | readonly string[];
      for (const option of typeof cell === 'string' ? [cell] : cell) {
        let set = sets.get(option);
        if (set === undefined) {
          set = new Uint32Array(words);
          sets.set(option, set);
        }
        set[bit >>> 5]! |= 1 << (bit & 31);
      }
    });
    return sets;
  });
  return { rows, words, byColumn };
}

/** What one evaluation of the table costs at most, in lookups and words of row sets intersected. */
export function rowsCost(e: RowsExpr): number {
  let n = 0;
  for (const p of patternsOf(e)) {
    if (p.trie !== undefined) n += p.columns.length;
    if (p.listed !== undefined) n += p.columns.length * (1 + p.listed.words);
  }
  return n;
}

/** Whether some row of the pattern's trie has the values `read(column)` gives (read lazily, in column order). */
function inTrie(trie: Trie, p: Pattern, read: (column: number) => Val): boolean {
  let node: Trie | number = trie;
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

/** Whether some listed row of the pattern allows the values `read(column)` gives (read lazily, in column order). */
function inListed(p: Pattern, l: Listed, read: (column: number) => Val): boolean {
  let alive: Uint32Array | undefined;
  let own = false;
  for (let j = 0; j < p.columns.length; j++) {
    const v = read(p.columns[j]!);
    const set = typeof v === 'string' ? l.byColumn[j]!.get(v) : undefined;
    if (set === undefined) return false;
    if (alive === undefined) {
      alive = set;
      continue;
    }
    if (!own) {
      alive = alive.slice();
      own = true;
    }
    let any = 0;
    for (let w = 0; w < l.words; w++) any |= alive[w]! &= set[w]!;
    if (any === 0) return false;
  }
  return true;
}

/** The compiled `rows` expression; `columns` read each column's field. */
export function compileRows(e: RowsExpr, columns: readonly Fn[]): Fn {
  const patterns = patternsOf(e);
  return (c) => {
    const read = (col: number) => (columns[col] as Fn)(c);
    for (const p of patterns) {
      if (p.trie !== undefined && inTrie(p.trie, p, read)) return true;
      if (p.listed !== undefined && inListed(p, p.listed, read)) return true;
    }
    return false;
  };
}

/**
 * The columns that decided a `rows` expression, as the row-by-row `or` of `and`s explains itself: when a row
 * matches, the cells of the first matching row; when none does, per row the first cell that differs. Read from
 * the index too: a pattern's walk down its trie meets every row's first differing cell on the way, and a walk
 * along its listed rows' columns, each column's rows that do not allow the value.
 */
export function decidingColumns(e: RowsExpr, read: (column: number) => Val | undefined): number[] {
  const values = e.columns.map((_, i) => read(i));
  let first: Pattern | undefined;
  let firstRow = e.rows.length;
  const differing = new Set<number>();
  const matched = (p: Pattern, row: number) => {
    if (row < firstRow) {
      first = p;
      firstRow = row;
    }
  };
  for (const p of patternsOf(e)) {
    if (p.trie !== undefined) {
      const row = trieWalk(p.trie, p, values, differing);
      if (row !== undefined) matched(p, row);
    }
    if (p.listed !== undefined) {
      const row = listedWalk(p, p.listed, values, differing);
      if (row !== undefined) matched(p, row);
    }
  }
  return first !== undefined ? first.columns : [...differing].sort((a, b) => a - b);
}

/** The first row of the pattern's trie that matches, if any; the columns where a row first differs go to `differing`. */
function trieWalk(trie: Trie, p: Pattern, values: readonly (Val | undefined)[], differing: Set<number>): number | undefined {
  let node: Trie | number = trie;
  for (const col of p.columns) {
    if (!(node instanceof Map)) break;
    const v = values[col];
    const next: Trie | number | undefined = typeof v === 'string' ? node.get(v) : undefined;
    // Some row of the pattern has another cell here (every cell, when the value is none of them).
    if (node.size > (next === undefined ? 0 : 1)) differing.add(col);
    if (next === undefined) return undefined;
    node = next;
  }
  return typeof node === 'number' ? node : p.first;
}

/** As trieWalk, over the pattern's listed rows. */
function listedWalk(p: Pattern, l: Listed, values: readonly (Val | undefined)[], differing: Set<number>): number | undefined {
  const alive = new Uint32Array(l.words).fill(0xffffffff);
  const tail = l.rows.length & 31;
  if (tail !== 0) alive[l.words - 1] = (1 << tail) - 1;
  for (let j = 0; j < p.columns.length; j++) {
    const v = values[p.columns[j]!];
    const set = typeof v === 'string' ? l.byColumn[j]!.get(v) : undefined;
    let differs = 0;
    let any = 0;
    for (let w = 0; w < l.words; w++) {
      const allowed = set === undefined ? 0 : set[w]!;
      differs |= alive[w]! & ~allowed;
      any |= alive[w]! &= allowed;
    }
    if (differs !== 0) differing.add(p.columns[j]!);
    if (any === 0) return undefined;
  }
  const w = alive.findIndex((x) => x !== 0);
  return l.rows[w * 32 + (31 - Math.clz32(alive[w]! & -alive[w]!))];
}
