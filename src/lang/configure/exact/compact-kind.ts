// A table held by the compact-table method: the set of its rows still possible as a bitset (Domains.rows); a value
// stays while some possible row allows it, found from the word where one was last found (its residue).
import type { Propagator } from './propagator';

/** Removes the values of the table's variables that no possible row allows, but `skip`'s; false when a domain empties. */
export function reviseCompact(p: Propagator, k: number, skip: number): boolean {
  const { t, rows } = p;
  const table = t.tables[k]!;
  const base = t.rowsAt[k]!;
  for (let c = 0; c < table.vars.length; c++) {
    const x = table.vars[c]!;
    if (p.size[x] === 1 || x === skip) continue;
    const offset = t.offset[x]!;
    const sup = table.sup[c]!;
    const residue = p.residue[k]![c]!;
    // Backwards: a value removed is swapped with the last one left, already looked at.
    for (let i = p.size[x]! - 1; i >= 0; i--) {
      const v = p.dense[offset + i]!;
      p.operations++;
      const s = sup[v]!;
      const r = residue[v]!;
      if ((t.bits[s + r]! & rows[base + r]!) !== 0) continue;
      let found = -1;
      for (let w = 0; w < table.words; w++) {
        if ((t.bits[s + w]! & rows[base + w]!) !== 0) {
          found = w;
          break;
        }
      }
      p.operations += table.words;
      if (found >= 0) {
        residue[v] = found;
        continue;
      }
      if (!p.removeFor(x, v, k)) return false;
    }
  }
  return true;
}

/** Whether the table allows the tuple `at` (a value per column). */
export function holdsCompact(p: Propagator, k: number, at: Int32Array): boolean {
  const { t } = p;
  const table = t.tables[k]!;
  let any = false;
  for (let w = 0; w < table.words && !any; w++) {
    let bits = 0xffffffff;
    for (let c = 0; c < at.length && bits !== 0; c++) bits &= t.bits[table.sup[c]![at[c]!]! + w]!;
    any = bits !== 0;
  }
  p.operations += table.words * at.length;
  return any;
}

/** unsupported() (solver.ts) for a compact table, x in column `column`. */
export function unsupportedCompact(p: Propagator, k: number, at: Int32Array, x: number, column: number, keep: Uint8Array): void {
  const { t, rows, mask } = p;
  const table = t.tables[k]!;
  const base = t.rowsAt[k]!;
  // The possible rows that allow the other values given, once per table; then each value of x against them.
  for (let w = 0; w < table.words; w++) {
    let bits = rows[base + w]!;
    for (let c = 0; c < table.vars.length; c++) {
      const y = table.vars[c]!;
      if (y !== x && at[y]! >= 0) bits &= t.bits[table.sup[c]![at[y]!]! + w]!;
    }
    mask[w] = bits;
  }
  p.operations += table.words * table.vars.length;
  const sup = table.sup[column]!;
  for (let v = 0; v < keep.length; v++) {
    if (!keep[v]) continue;
    let any = 0;
    for (let w = 0; w < table.words && any === 0; w++) any = mask[w]! & t.bits[sup[v]! + w]!;
    p.operations += table.words;
    if (any === 0) keep[v] = 0;
  }
}
