// A table of two columns held as each value's partners (issue 33): for every value of one column, the set of the
// other column's values some row allows with it, a bit per value. A compact table's row set (solver.ts) tells which
// rows are still possible, and a row with a list cell stays possible while any of the list's values does, so its
// other cell's values keep a support none of them may have (the car line's hub of 324 options, grouped in lists
// in 150 binary tables, was not arc consistent: searches refuted by hand what revision should have taken out).
// Partner sets make the revision exact and cheap: a value stays while its set meets the other column's domain,
// a word per 32 values, tested first at the word where it last met (a residue).
import type { Cell } from './excluded';

export interface Pair {
  /** By column, by value: offset in Tables.bits of the set of the other column's values it goes with. */
  readonly sup: readonly [Int32Array, Int32Array];
  /** By column: words of one of its values' sets (the other column's values, 32 a word). */
  readonly words: readonly [number, number];
}

/** 32-bit words the partner sets of a table over columns of `sizes` values take. */
export function pairWords(sizes: readonly number[]): number {
  return sizes[0]! * Math.ceil(sizes[1]! / 32) + sizes[1]! * Math.ceil(sizes[0]! / 32);
}

/**
 * The partner sets of `rows` (two cells each) over columns of `sizes` values, written into `bits` from `next`
 * (pairWords(sizes) words). Each row costs a word per value of its first cell, and the transpose a bit per pair.
 */
export function pairOf(rows: readonly (readonly Cell[])[], sizes: readonly number[], bits: Uint32Array, next: number): Pair {
  const [n0, n1] = [sizes[0]!, sizes[1]!];
  const words: [number, number] = [Math.ceil(n1 / 32), Math.ceil(n0 / 32)];
  const sup: [Int32Array, Int32Array] = [new Int32Array(n0), new Int32Array(n1)];
  for (let v = 0; v < n0; v++) sup[0][v] = next + v * words[0];
  const second = next + n0 * words[0];
  for (let u = 0; u < n1; u++) sup[1][u] = second + u * words[1];
  const set = new Uint32Array(words[0]);
  const each = (cell: Cell, n: number, f: (v: number) => void) => {
    if (cell === -1) for (let v = 0; v < n; v++) f(v);
    else if (typeof cell === 'number') f(cell);
    else for (const v of cell) f(v);
  };
  for (const row of rows) {
    set.fill(0);
    each(row[1]!, n1, (u) => {
      set[u >>> 5]! |= 1 << (u & 31);
    });
    each(row[0]!, n0, (v) => {
      for (let w = 0; w < words[0]; w++) bits[sup[0][v]! + w]! |= set[w]!;
    });
  }
  for (let v = 0; v < n0; v++) {
    for (let u = 0; u < n1; u++) {
      if (pairAllows(bits, sup[0], v, u)) bits[sup[1][u]! + (v >>> 5)]! |= 1 << (v & 31);
    }
  }
  return { sup, words };
}

/** Whether value v of a column goes with value u of the other (`sup`: that column's partner sets). */
export function pairAllows(bits: Uint32Array, sup: Int32Array, v: number, u: number): boolean {
  return (bits[sup[v]! + (u >>> 5)]! & (1 << (u & 31))) !== 0;
}
