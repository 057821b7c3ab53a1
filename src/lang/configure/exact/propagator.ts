import type { Domains } from './domains';

/**
 * What a table kind (compact-kind.ts, pair-kind.ts, excluded-kind.ts) reads and calls of the propagation that runs
 * it (propagation.ts): named apart, so that the kinds, which the propagation calls, import nothing of it.
 */
export interface Propagator extends Domains {
  /** By table and column, by value: the word where a possible row allowing it (or a partner) was last found. */
  readonly residue: Int32Array[][];
  /** Room for one table's row set (`unsupported`). */
  readonly mask: Uint32Array;
  /** Room for the union of partner sets (revisePairUnion, pair-kind.ts). */
  readonly union: Uint32Array;
  /** By table: room for a value per column (a tuple to test). */
  readonly at: Int32Array[];
  /** Removes value v of x, which table `from` allows no more (its rows are then already without it); false on a wipe-out. */
  removeFor(x: number, v: number, from: number): boolean;
}
