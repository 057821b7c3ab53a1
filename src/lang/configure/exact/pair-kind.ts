// A table of two columns held by its partner sets (pairs.ts): a value stays while its set meets the other column's
// domain (Domains.domain, a bitset too), found from the word where it last met it (its residue).
import { pairAllows } from './pairs';
import type { Propagator } from './propagator';

/** Whether the table allows the pair `at`. */
export function holdsPair(p: Propagator, k: number, at: Int32Array): boolean {
  p.operations++;
  return pairAllows(p.t.bits, p.t.tables[k]!.pair!.sup[0], at[0]!, at[1]!);
}

/** unsupported() (solver.ts) for a pair table, x in column c: the values whose partners miss the other's given value or domain. */
export function unsupportedPair(p: Propagator, k: number, at: Int32Array, c: number, keep: Uint8Array): void {
  const { t } = p;
  const table = t.tables[k]!;
  const sup = table.pair!.sup[c]!;
  const y = table.vars[1 - c]!;
  const u = at[y]!;
  for (let v = 0; v < keep.length; v++) {
    if (!keep[v]) continue;
    if (u >= 0) {
      p.operations++;
      if (!(p.alive[t.offset[y]! + u] && pairAllows(t.bits, sup, v, u))) keep[v] = 0;
    } else if (meets(p, k, c, v) < 0) keep[v] = 0;
  }
}

/**
 * The word where value v of column c of pair table k meets the other column's domain (its residue first), or -1
 * when its partners are all gone.
 */
function meets(p: Propagator, k: number, c: number, v: number): number {
  const { t, domain } = p;
  const table = t.tables[k]!;
  const { sup, words } = table.pair!;
  const s = sup[c]![v]!;
  const d = p.domainAt[table.vars[1 - c]!]!;
  const residue = p.residue[k]![c]!;
  p.operations++;
  const r = residue[v]!;
  if ((t.bits[s + r]! & domain[d + r]!) !== 0) return r;
  p.operations += words[c]!;
  for (let w = 0; w < words[c]!; w++) {
    if ((t.bits[s + w]! & domain[d + w]!) !== 0) {
      residue[v] = w;
      return w;
    }
  }
  return -1;
}

/**
 * Revises a pair table: each column's values whose partners are all gone are taken out, but the column of `skip`,
 * whose removals alone changed it (its values' partners are in the other column, unchanged). One pass is a
 * fixpoint: a value taken out had no partner left, so it was no value's partner left.
 */
export function revisePair(p: Propagator, k: number, skip: number): boolean {
  const table = p.t.tables[k]!;
  for (let c = 0; c < 2; c++) if (table.vars[c] !== skip && !revisePairColumn(p, k, c)) return false;
  return true;
}

/**
 * Takes out the values of column c of pair table k whose partners are all gone; false when its domain empties.
 * Value by value (each from its residue), or, when the other column has fewer values than this one has words to
 * test, by the union of the other's values' partner sets, a word at a time: the hub's column, 324 values, against
 * a partner's few.
 */
export function revisePairColumn(p: Propagator, k: number, c: number): boolean {
  const { t } = p;
  const table = t.tables[k]!;
  const { sup, words } = table.pair!;
  const x = table.vars[c]!;
  const y = table.vars[1 - c]!;
  const size = p.size[y]!;
  if (size * words[1 - c]! + words[1 - c]! < p.size[x]!) return revisePairUnion(p, k, c);
  const offset = t.offset[x]!;
  // The other column decided: the values that go with its value, a bit each.
  const only = size === 1 ? p.dense[t.offset[y]!]! : -1;
  // Backwards: a value removed is swapped with the last one left, already looked at.
  for (let i = p.size[x]! - 1; i >= 0; i--) {
    const v = p.dense[offset + i]!;
    if (only >= 0) {
      p.operations++;
      if (pairAllows(t.bits, sup[c]!, v, only)) continue;
    } else if (meets(p, k, c, v) >= 0) continue;
    if (!p.removeFor(x, v, k)) return false;
  }
  return true;
}

/** revisePairColumn() by the union of the other column's values' partner sets. */
function revisePairUnion(p: Propagator, k: number, c: number): boolean {
  const { t, union, domain } = p;
  const table = t.tables[k]!;
  const { sup, words } = table.pair!;
  const x = table.vars[c]!;
  const y = table.vars[1 - c]!;
  const n = words[1 - c]!;
  const other = sup[1 - c]!;
  union.fill(0, 0, n);
  const offset = t.offset[y]!;
  for (let i = 0; i < p.size[y]!; i++) {
    const s = other[p.dense[offset + i]!]!;
    for (let w = 0; w < n; w++) union[w]! |= t.bits[s + w]!;
  }
  p.operations += (p.size[y]! + 1) * n;
  const d = p.domainAt[x]!;
  for (let w = 0; w < n; w++) {
    let gone = domain[d + w]! & ~union[w]!;
    while (gone !== 0) {
      const bit = gone & -gone;
      gone ^= bit;
      if (!p.removeFor(x, (w << 5) + 31 - Math.clz32(bit), k)) return false;
    }
  }
  return true;
}
