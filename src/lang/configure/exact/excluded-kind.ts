// An exclude table (excluded.ts), checked forward rather than revised: it acts once all but at most one of its
// variables have one value left.
import { eachMatch } from './excluded';
import type { Propagator } from './propagator';

/** Whether the table allows the tuple `at` (a value per column): no excluded row matches it. */
export function holdsExcluded(p: Propagator, k: number, at: Int32Array): boolean {
  return eachMatch(p.t.tables[k]!.excluded!, at, () => false, p.count);
}

/**
 * Once at most one of the table's variables has several values left, the rows matching the others' values take
 * theirs out of it; once none has, a matching row fails.
 */
export function forward(p: Propagator, k: number): boolean {
  const { t } = p;
  const table = t.tables[k]!;
  const at = p.at[k]!;
  let free = -1;
  for (let c = 0; c < table.vars.length; c++) {
    const x = table.vars[c]!;
    if (p.size[x] === 1) at[c] = p.dense[t.offset[x]!]!;
    else if (free >= 0) return true;
    else {
      free = c;
      at[c] = -1;
    }
  }
  p.operations += table.vars.length;
  const ex = table.excluded!;
  return eachMatch(
    ex,
    at,
    (r) => {
      if (free < 0) return false;
      const x = table.vars[free]!;
      const cell = ex.rows[r]![free]!;
      if (cell === -1) return false;
      if (typeof cell === 'number') return p.removeFor(x, cell, k);
      for (const v of cell) if (!p.removeFor(x, v, k)) return false;
      return true;
    },
    p.count,
  );
}

/**
 * unsupported() (solver.ts) for an exclude table: once every other column has a value (given in `at`, or the one
 * left), the values of x the rows matching them name.
 */
export function unsupportedExcluded(p: Propagator, k: number, at: Int32Array, x: number, column: number, keep: Uint8Array): void {
  const { t } = p;
  const table = t.tables[k]!;
  const fixed = p.at[k]!;
  for (let c = 0; c < table.vars.length; c++) {
    const y = table.vars[c]!;
    if (y === x) fixed[c] = -1;
    else if (at[y]! >= 0) fixed[c] = at[y]!;
    else if (p.size[y] === 1) fixed[c] = p.dense[t.offset[y]!]!;
    else return;
  }
  const ex = table.excluded!;
  eachMatch(
    ex,
    fixed,
    (r) => {
      const cell = ex.rows[r]![column]!;
      if (cell === -1) keep.fill(0);
      else if (typeof cell === 'number') keep[cell] = 0;
      else for (const v of cell) keep[v] = 0;
      return true;
    },
    p.count,
  );
}
