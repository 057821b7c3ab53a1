// An `exclude:` table held by the exact engine as written (issue 33): its excluded rows, indexed by the values they
// name, instead of `not (rows)` tabulated over every combination of its columns (two 10-column tables of a real car
// line were 10^9 combinations each) or its complement in allowed rows (a row per value of a wide column, each with a
// list of the others). Excluded rows are few next to the combinations they leave, so the solver checks them forward
// (solver.ts): once every column but one has one value left, the values of that column the matching rows name are
// taken out; once every column has, a matching row fails. A solution is a full assignment, so it never matches one.

/** A cell: a value index, -1 for any value, or the value indexes of a list (two or more). */
export type Cell = number | readonly number[];

export interface Excluded {
  readonly rows: readonly (readonly Cell[])[];
  /** By column, by value: the rows whose cell names it (alone or in a list). */
  readonly naming: readonly (readonly Int32Array[])[];
  /** By column: the rows whose cell is "*". */
  readonly any: readonly Int32Array[];
}

/** The index of `rows` over columns of `sizes[j]` values: one pass over the cells. */
export function excludedOf(rows: readonly (readonly Cell[])[], sizes: readonly number[]): Excluded {
  const naming = sizes.map((n) => Array.from({ length: n }, (): number[] => []));
  const any = sizes.map((): number[] => []);
  rows.forEach((row, r) => {
    row.forEach((cell, j) => {
      if (cell === -1) any[j]!.push(r);
      else if (typeof cell === 'number') naming[j]![cell]!.push(r);
      else for (const v of cell) naming[j]![v]!.push(r);
    });
  });
  return {
    rows,
    naming: naming.map((byValue) => byValue.map((rs) => Int32Array.from(rs))),
    any: any.map((rs) => Int32Array.from(rs)),
  };
}

/** Whether `cell` allows value v. */
export function names(cell: Cell, v: number): boolean {
  return cell === -1 || cell === v || (typeof cell !== 'number' && cell.includes(v));
}

/**
 * Calls `each(r)` for every excluded row that matches `at` (by column: a value, or -1 for a column left free) until
 * it answers false; whether every call answered true. The rows are those naming the value of the set column that
 * the fewest rows name (or "*"), each then tested on the other set columns. `count(n)` is told the cells tested.
 */
export function eachMatch(
  ex: Excluded,
  at: ArrayLike<number>,
  each: (r: number) => boolean,
  count: (n: number) => void,
): boolean {
  let best = -1;
  let fewest = Number.POSITIVE_INFINITY;
  for (let j = 0; j < at.length; j++) {
    const v = at[j]!;
    if (v < 0) continue;
    const n = ex.naming[j]![v]!.length + ex.any[j]!.length;
    if (n < fewest) {
      fewest = n;
      best = j;
    }
  }
  const visit = (rows: Int32Array): boolean => {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const row = ex.rows[r]!;
      let matches = true;
      for (let j = 0; j < at.length && matches; j++) {
        if (j !== best && at[j]! >= 0) matches = names(row[j]!, at[j]!);
      }
      count(at.length);
      if (matches && !each(r)) return false;
    }
    return true;
  };
  if (best < 0) {
    count(ex.rows.length);
    return ex.rows.every((_, r) => each(r));
  }
  return visit(ex.naming[best]![at[best]!]!) && visit(ex.any[best]!);
}
