// Domains kept generalised arc consistent by their tables, each by its kind: a compact table by its possible rows
// (compact-kind.ts), a table of two columns by its partner sets (pair-kind.ts), an exclude table forward
// (excluded-kind.ts). A removal narrows the row sets of the value's tables and queues them; propagate() revises the
// queued tables to a fixpoint, and counts a table's failure (dom/wdeg: the search chooses by it, solver.ts).
import { reviseCompact } from './compact-kind';
import { Domains } from './domains';
import { forward } from './excluded-kind';
import { revisePair, revisePairColumn } from './pair-kind';
import type { Propagator } from './propagator';
import type { Tables } from './tables';

export class Propagation extends Domains implements Propagator {
  /**
   * Tables to revise (k), and variables whose pair tables are to revise their other column (~x), in the order
   * queued (the car line's refutations cost least so, against either kind first).
   */
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private queueHead = 0;
  private queueTail = 0;
  /** By variable: whether it is queued (its pair tables), and the one of them not to revise (enqueuePairs). */
  private readonly pairsQueued: Uint8Array;
  private readonly pairsBut: Int32Array;
  readonly residue: Int32Array[][];
  readonly mask: Uint32Array;
  readonly union: Uint32Array;
  /** Failures each table caused (dom/wdeg). */
  private readonly weight: Float64Array;
  /**
   * By variable: the weights of its tables, summed (kept as they change, so that choose() reads one number). copyFrom
   * takes the other's: a request starts from the weights its model's settling learned, whatever came before it (the
   * weights of thousands of requests led the car line's searches astray: a state of three choices cost 2.03 million
   * units 58 walks in, 0.41 million on its own).
   */
  protected readonly weights: Float64Array;
  /**
   * By table: the one variable whose removals changed its rows since it was last revised (-1: none, -2: several).
   * That variable's other values keep their supports (a row naming a value removed names no other value), so a
   * revision skips its column.
   */
  private readonly changedBy: Int32Array;
  readonly at: Int32Array[];

  constructor(t: Tables) {
    super(t);
    this.queue = new Int32Array(t.tables.length + t.values.length);
    this.queued = new Uint8Array(t.tables.length);
    this.pairsQueued = new Uint8Array(t.values.length);
    this.pairsBut = new Int32Array(t.values.length);
    this.residue = t.tables.map((table) => (table.pair?.sup ?? table.sup).map((s) => new Int32Array(s.length)));
    this.mask = new Uint32Array(Math.max(0, ...t.tables.map((table) => table.words)));
    this.union = new Uint32Array(Math.max(0, ...t.tables.map((table) => Math.max(0, ...(table.pair?.words ?? [])))));
    this.weight = new Float64Array(t.tables.length).fill(1);
    this.weights = Float64Array.from(t.tablesOf, (tables) => tables.length);
    this.changedBy = new Int32Array(t.tables.length).fill(-2);
    this.at = t.tables.map((table) => new Int32Array(table.vars.length));
  }

  /** The state of another solver of the same tables (its level 0), instead of propagating again. */
  copyFrom(other: Propagation): void {
    this.copyDomains(other);
    this.queueHead = this.queueTail = 0;
    this.queued.fill(0);
    this.pairsQueued.fill(0);
    this.changedBy.fill(-1);
    this.reopen();
    this.weights.set(other.weights);
    this.operations = this.alive.length + this.rows.length + this.domain.length + this.weights.length;
  }

  /** Makes every table consistent; false when some table has no possible row left. */
  start(): boolean {
    for (let k = 0; k < this.t.tables.length; k++) this.enqueue(k, -2);
    return this.propagate();
  }

  pop(): void {
    this.undo();
    // What a failed assignment left queued (propagate leaves nothing).
    this.unqueue();
  }

  /** Empties the queues. */
  private unqueue(): void {
    while (this.queueHead < this.queueTail) {
      const k = this.queue[this.queueHead++ % this.queue.length]!;
      if (k < 0) this.pairsQueued[~k] = 0;
      else {
        this.queued[k] = 0;
        this.changedBy[k] = -1;
      }
    }
    this.queueHead = this.queueTail = 0;
  }

  /** Leaves variable x only value v; false on a table left without rows (propagate() then is not needed). */
  assign(x: number, v: number): boolean {
    const { t } = this;
    const base = t.offset[x]!;
    // A value taken out already (by the root's settling, say) has no solution to assign.
    if (!this.alive[base + v]) return false;
    for (let i = this.size[x]! - 1; i >= 0; i--) {
      const u = this.dense[base + i]!;
      if (u !== v) this.drop(x, u);
    }
    const tables = t.tablesOf[x]!;
    const columns = t.columnOf[x]!;
    for (let j = 0; j < t.pairsFrom[x]!; j++) {
      const k = tables[j]!;
      const table = t.tables[k]!;
      // An exclude table's rows are matched forward in revise().
      if (table.excluded) this.enqueue(k, x);
      else if (!this.intersectQueued(k, x, table.sup[columns[j]!]![v]!, false)) return false;
    }
    this.enqueuePairs(x, -1);
    return true;
  }

  /** Removes value v of variable x; false on a table left without rows or a domain left empty. */
  remove(x: number, v: number): boolean {
    return this.removeFor(x, v, -1);
  }

  /** remove() by flat value index (Tables.offset). */
  removeFlat(flat: number): boolean {
    const x = this.varOfValue[flat]!;
    return this.remove(x, flat - this.t.offset[x]!);
  }

  /** remove(), when table `from` allows value v of x no more (its rows are then already without it). */
  removeFor(x: number, v: number, from: number): boolean {
    if (!this.alive[this.t.offset[x]! + v]) return true;
    this.drop(x, v);
    if (this.size[x] === 0) return false;
    return this.removed1(x, v, from) && (this.size[x] !== 1 || this.narrowed(x));
  }

  /** x is down to one value: its tables with list cells keep only the rows that allow it (Table.listed). */
  private narrowed(x: number): boolean {
    const { t } = this;
    const v = this.dense[t.offset[x]!]!;
    const tables = t.tablesOf[x]!;
    const columns = t.columnOf[x]!;
    for (let j = 0; j < t.pairsFrom[x]!; j++) {
      const k = tables[j]!;
      const table = t.tables[k]!;
      if (table.excluded) this.enqueue(k, x);
      if (!table.listed) continue;
      if (!this.intersectQueued(k, x, table.sup[columns[j]!]![v]!, false)) return false;
    }
    return true;
  }

  /** Runs the queued tables to a fixpoint; false on a table left without rows. */
  propagate(): boolean {
    while (this.queueHead < this.queueTail) {
      const k = this.queue[this.queueHead++ % this.queue.length]!;
      const failed = k < 0 ? this.revisePairsOf(~k) : this.reviseQueued(k) ? -1 : k;
      if (failed >= 0) {
        this.weight[failed]! += 1;
        for (const x of this.t.tables[failed]!.vars) this.weights[x]! += 1;
        this.unqueue();
        return false;
      }
    }
    this.queueHead = this.queueTail = 0;
    return true;
  }

  /** Revises queued table k, by its kind; false when a domain empties. */
  private reviseQueued(k: number): boolean {
    this.queued[k] = 0;
    const skip = this.changedBy[k]!;
    this.changedBy[k] = -1;
    const table = this.t.tables[k]!;
    if (table.excluded) return forward(this, k);
    if (table.pair) return revisePair(this, k, skip);
    return reviseCompact(this, k, skip);
  }

  /** Revises the other column of each pair table of x, whose domain changed: the table that failed, or -1. */
  private revisePairsOf(x: number): number {
    const { t } = this;
    this.pairsQueued[x] = 0;
    const tables = t.tablesOf[x]!;
    const columns = t.columnOf[x]!;
    const but = this.pairsBut[x];
    for (let j = t.pairsFrom[x]!; j < tables.length; j++) {
      const k = tables[j]!;
      if (k !== but && !revisePairColumn(this, k, 1 - columns[j]!)) return k;
    }
    return -1;
  }

  /** The rows naming value v of x are no longer possible in x's tables (but table `from`, which has none). */
  private removed1(x: number, v: number, from: number): boolean {
    const { t } = this;
    const tables = t.tablesOf[x]!;
    const columns = t.columnOf[x]!;
    this.enqueuePairs(x, from);
    for (let j = 0; j < t.pairsFrom[x]!; j++) {
      const k = tables[j]!;
      const table = t.tables[k]!;
      // An exclude table learns of x once it is down to one value (narrowed).
      if (k === from || table.excluded) continue;
      const strict = table.strict[columns[j]!]![v]!;
      if (strict < 0) continue;
      if (!this.intersectQueued(k, x, strict, true)) return false;
    }
    return true;
  }

  /**
   * Keeps the rows of table k in the row set at `at` (or, `without`, those not in it), and queues the table when some
   * went (x's removals did it; rows unchanged leave its values' supports as they were); false when none are left.
   */
  private intersectQueued(k: number, x: number, at: number, without: boolean): boolean {
    const { rows, t } = this;
    const table = t.tables[k]!;
    const base = t.rowsAt[k]!;
    let any = 0;
    let changed = false;
    for (let w = 0; w < table.words; w++) {
      const old = rows[base + w]!;
      const mask = without ? ~t.bits[at + w]! : t.bits[at + w]!;
      const now = old & mask;
      if (now !== old) {
        this.trailWord(base + w, old);
        rows[base + w] = now;
        changed = true;
      }
      any |= now;
    }
    this.operations += table.words;
    if (changed) this.enqueue(k, x);
    return any !== 0;
  }

  /**
   * Queues x's pair tables, if it has any, to revise their other column: but table `from` (-1: none), whose
   * revision took x's values out, so that they were no partner of the other column's values left.
   */
  private enqueuePairs(x: number, from: number): void {
    if (this.pairsQueued[x]) {
      if (this.pairsBut[x] !== from) this.pairsBut[x] = -1;
      return;
    }
    if (this.t.pairsFrom[x] === this.t.tablesOf[x]!.length) return;
    this.pairsQueued[x] = 1;
    this.pairsBut[x] = from;
    this.queue[this.queueTail++ % this.queue.length] = ~x;
  }

  /** Queues table k for revision, its rows changed by variable x's removals (-2: not one variable's). */
  private enqueue(k: number, x: number): void {
    const by = this.changedBy[k]!;
    this.changedBy[k] = by === -1 || by === x ? x : -2;
    if (this.queued[k]) return;
    this.queued[k] = 1;
    this.queue[this.queueTail++ % this.queue.length] = k;
  }
}
