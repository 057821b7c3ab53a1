// Search over a model's tables (exact/tables.ts): domains kept generalised arc consistent by the compact-table method
// (each table holds the set of its rows still possible as a bitset; a value stays while some possible row allows it), a
// table of two columns by its partner sets (pairs.ts: a value stays while its set meets the other column's domain, kept
// as a bitset too), and a depth-first search choosing the variable with the fewest values per failure weight of its
// tables (dom/wdeg), preferring values no solution has shown yet. What the tables do not hold is verified at each node
// by the caller's `accept` (residual.ts): a refusal weighs as a table's failure does, and one that read only some
// decided variables is jumped back past (refuted). Every change is trailed, so a level is undone in the time it took to
// make. Work is counted in operations (a word of a row set, a value looked at or removed, a change undone), each one
// work unit of the request's budget (budget.ts), charged by the caller: measured on the generated large models, 20 to
// 30 ns an operation, the cost of a unit of the search it replaces.
import { eachMatch } from './excluded';
import { pairAllows } from './pairs';
import type { Tables } from './tables';

export class Solver {
  /** By flat value index (Tables.offset): 1 while the value is in its variable's domain. */
  readonly alive: Uint8Array;
  /** By variable: values left. */
  readonly size: Int32Array;
  /** By variable from `domainAt`: a bit per value, set while the value is in its domain (what partner sets meet). */
  private readonly domain: Uint32Array;
  private readonly domainAt: Int32Array;
  /**
   * By variable, from its offset: its value indexes, the first `size` of them alive (a sparse set, so that a
   * revision looks only at the values left). A value removed is swapped to just past them, so a pop restores the
   * removals, undone in reverse order, by counting them back in.
   */
  private readonly dense: Int32Array;
  /** By flat value index: where the value is in `dense`. */
  private readonly place: Int32Array;
  /** Every table's possible rows, at Tables.rowsAt. */
  private readonly rows: Uint32Array;
  /** Flat value index of each value removed, in order; with `levels`, what a pop restores. */
  private removed: Int32Array;
  private removedTop = 0;
  /** Row-set words changed: index, then old value. */
  private words: Int32Array;
  private wordsTop = 0;
  private readonly levels: number[] = [];
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
  /** By flat value index: the variable. */
  private readonly varOfValue: Int32Array;
  /** By table and column, by value: the word where a possible row allowing it (or a partner) was last found. */
  private readonly residue: Int32Array[][];
  /** Room for one table's row set (`unsupported`). */
  private readonly mask: Uint32Array;
  /** Room for the union of partner sets (`revisePairUnion`). */
  private readonly union: Uint32Array;
  /** Failures each table caused (dom/wdeg). */
  private readonly weight: Float64Array;
  /**
   * By variable: the weights of its tables, summed (kept as they change, so that choose() reads one number). copyFrom
   * takes the other's: a request starts from the weights its model's settling learned, whatever came before it (the
   * weights of thousands of requests led the car line's searches astray: a state of three choices cost 2.03 million
   * units 58 walks in, 0.41 million on its own).
   */
  private readonly weights: Float64Array;
  /**
   * The variables with more than one value left (a sparse set, `openAt` their places): choose() looks at these
   * only. A variable leaves when it is down to one value and comes back when a pop restores its second, in the
   * reverse order, so it is found just past the others.
   */
  private readonly open: Int32Array;
  private readonly openAt: Int32Array;
  private openCount = 0;
  /**
   * By table: the one variable whose removals changed its rows since it was last revised (-1: none, -2: several).
   * That variable's other values keep their supports (a row naming a value removed names no other value), so a
   * revision skips its column.
   */
  private readonly changedBy: Int32Array;
  /** By table: room for a value per column (a tuple to test). */
  private readonly at: Int32Array[];
  /** By table: whether a repair (`repaired`) has it to test already. */
  private readonly touched: Uint8Array;
  /**
   * What the tables do not hold (residual.ts), verified at every node of a search: false cuts the node. Set by the
   * solver's user for its own request; undefined: nothing to verify.
   */
  accept: ((s: Solver) => boolean) | undefined;
  /** The variables the last refusal of `accept` read, when they alone make it (refuted); else null. */
  private nogood: readonly number[] | null = null;
  /** Operations done (work units); the caller charges them. */
  operations = 0;
  private readonly count = (cells: number) => {
    this.operations += cells;
  };

  constructor(readonly t: Tables) {
    this.alive = new Uint8Array(t.totalValues).fill(1);
    this.size = Int32Array.from(t.values, (v) => v.length);
    this.domainAt = new Int32Array(t.values.length);
    let domainWords = 0;
    t.values.forEach((v, x) => {
      this.domainAt[x] = domainWords;
      domainWords += Math.ceil(v.length / 32);
    });
    this.domain = new Uint32Array(domainWords);
    t.values.forEach((v, x) => {
      for (let u = 0; u < v.length; u++) this.domain[this.domainAt[x]! + (u >>> 5)]! |= 1 << (u & 31);
    });
    this.dense = new Int32Array(t.totalValues);
    this.place = new Int32Array(t.totalValues);
    t.values.forEach((v, x) => {
      for (let u = 0; u < v.length; u++) {
        this.dense[t.offset[x]! + u] = u;
        this.place[t.offset[x]! + u] = t.offset[x]! + u;
      }
    });
    this.rows = new Uint32Array(t.totalWords);
    t.tables.forEach((table, k) => {
      const at = t.rowsAt[k]!;
      for (let w = 0; w < table.words; w++) {
        const left = table.rows - w * 32;
        this.rows[at + w] = left >= 32 ? 0xffffffff : (1 << left) - 1;
      }
    });
    this.removed = new Int32Array(Math.max(16, t.totalValues));
    this.words = new Int32Array(64);
    this.queue = new Int32Array(t.tables.length + t.values.length);
    this.queued = new Uint8Array(t.tables.length);
    this.pairsQueued = new Uint8Array(t.values.length);
    this.pairsBut = new Int32Array(t.values.length);
    this.varOfValue = new Int32Array(t.totalValues);
    t.values.forEach((v, x) => {
      this.varOfValue.fill(x, t.offset[x]!, t.offset[x]! + v.length);
    });
    this.residue = t.tables.map((table) => (table.pair?.sup ?? table.sup).map((s) => new Int32Array(s.length)));
    this.mask = new Uint32Array(Math.max(0, ...t.tables.map((table) => table.words)));
    this.union = new Uint32Array(Math.max(0, ...t.tables.map((table) => Math.max(0, ...(table.pair?.words ?? [])))));
    this.weight = new Float64Array(t.tables.length).fill(1);
    this.weights = Float64Array.from(t.tablesOf, (tables) => tables.length);
    this.open = new Int32Array(t.values.length);
    this.openAt = new Int32Array(t.values.length);
    this.reopen();
    this.changedBy = new Int32Array(t.tables.length).fill(-2);
    this.at = t.tables.map((table) => new Int32Array(table.vars.length));
    this.touched = new Uint8Array(t.tables.length);
  }

  /** The state of another solver of the same tables (its level 0), instead of propagating again. */
  copyFrom(other: Solver): void {
    this.alive.set(other.alive);
    this.size.set(other.size);
    this.domain.set(other.domain);
    this.dense.set(other.dense);
    this.place.set(other.place);
    this.rows.set(other.rows);
    this.removedTop = this.wordsTop = 0;
    this.levels.length = 0;
    this.queueHead = this.queueTail = 0;
    this.queued.fill(0);
    this.pairsQueued.fill(0);
    this.changedBy.fill(-1);
    this.reopen();
    this.weights.set(other.weights);
    this.operations = this.alive.length + this.rows.length + this.domain.length + this.weights.length;
  }

  /** The open variables, from the sizes. */
  private reopen(): void {
    this.openCount = 0;
    for (let x = 0; x < this.size.length; x++) {
      this.openAt[x] = this.openCount;
      this.open[this.openCount++] = x;
      if (this.size[x]! <= 1) this.close(x);
    }
  }

  /** Variable x is down to one value: out of the open ones. */
  private close(x: number): void {
    const at = this.openAt[x]!;
    const last = this.open[--this.openCount]!;
    this.open[at] = last;
    this.openAt[last] = at;
    this.open[this.openCount] = x;
    this.openAt[x] = this.openCount;
  }

  /** Makes every table consistent; false when some table has no possible row left. */
  start(): boolean {
    for (let k = 0; k < this.t.tables.length; k++) this.enqueue(k, -2);
    return this.propagate();
  }

  push(): void {
    this.levels.push(this.removedTop, this.wordsTop);
  }

  pop(): void {
    const words = this.levels.pop()!;
    const removed = this.levels.pop()!;
    this.operations += (this.wordsTop - words) / 2 + (this.removedTop - removed);
    while (this.wordsTop > words) {
      this.wordsTop -= 2;
      this.rows[this.words[this.wordsTop]!] = this.words[this.wordsTop + 1]!;
    }
    while (this.removedTop > removed) {
      const v = this.removed[--this.removedTop]!;
      this.alive[v] = 1;
      const x = this.varOfValue[v]!;
      const u = v - this.t.offset[x]!;
      this.domain[this.domainAt[x]! + (u >>> 5)]! |= 1 << (u & 31);
      // Back to two values: x is the one closed last of those still closed, just past the open ones.
      if (++this.size[x]! === 2) this.openCount++;
    }
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

  /**
   * A check the tables do not hold failed on variables `vars` (accept), having read only `read` of them: it weighs on
   * their choice as a table's failure does (dom/wdeg), so that the search decides them early rather than thrash below
   * them, and the values of `read` fail whatever the others hold (the search backjumps past them: dfs).
   */
  refuted(vars: ArrayLike<number>, read: readonly number[]): void {
    for (let j = 0; j < vars.length; j++) this.weights[vars[j]!]! += 1;
    this.nogood = read;
  }

  /** Whether the current state has decided every variable of the last refutation (accept): it fails too. */
  private refutes(): boolean {
    const { nogood } = this;
    if (nogood === null) return false;
    this.operations += nogood.length;
    return nogood.every((x) => this.size[x] === 1);
  }

  /** The value left to variable x, once it has one. */
  single(x: number): number {
    return this.dense[this.t.offset[x]!]!;
  }

  has(x: number, v: number): boolean {
    return this.alive[this.t.offset[x]! + v] === 1;
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
  private removeFor(x: number, v: number, from: number): boolean {
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

  /** Revises queued table k; false when a domain empties. */
  private reviseQueued(k: number): boolean {
    this.queued[k] = 0;
    const skip = this.changedBy[k]!;
    this.changedBy[k] = -1;
    return this.revise(k, skip);
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
      if (k !== but && !this.revisePairColumn(k, 1 - columns[j]!)) return k;
    }
    return -1;
  }

  /**
   * A solution (a value index per variable) extending the current state, or null when there is none, or undefined
   * once `stop()` says so (checked after each node). `fresh(x, v)`: values not yet shown by a solution, tried first.
   */
  solve(fresh: (x: number, v: number) => boolean, stop: () => boolean, hint?: Int32Array): Int32Array | null | undefined {
    // What the tables do not hold is verified on states, not on a repaired solution: no shortcut then.
    const repaired = hint && this.accept === undefined ? this.repaired(hint) : null;
    if (repaired) return repaired;
    const depth = this.levels.length;
    this.push();
    const found = this.dfs(fresh, stop);
    let out: Int32Array | null | undefined = found === false ? null : undefined;
    if (found === true) {
      const { t } = this;
      out = new Int32Array(t.values.length);
      for (let x = 0; x < out.length; x++) out[x] = this.dense[t.offset[x]!]!;
    }
    // Back to the state it was called in: the levels of the path to the solution too.
    while (this.levels.length > depth) this.pop();
    return out;
  }

  /** Whether `solution` with variable x at value v passes every table of x (the other variables as in it). */
  allows(solution: Int32Array, x: number, v: number): boolean {
    const tables = this.t.tablesOf[x]!;
    for (let j = 0; j < tables.length; j++) {
      const k = tables[j]!;
      const at = this.at[k]!;
      this.t.tables[k]!.vars.forEach((y, c) => {
        at[c] = y === x ? v : solution[y]!;
      });
      if (!this.holdsTuple(k, at)) return false;
    }
    return true;
  }

  /**
   * A solution of the current state near `hint`, another solution of the same tables: each variable keeps its value
   * while the state has it, else takes its first value left; null unless every table these changes touch allows
   * it (the others allow it as they allowed the hint). On a loose model this finds a witness without a search.
   */
  private repaired(hint: Int32Array): Int32Array | null {
    const { t, touched } = this;
    const out = hint.slice();
    const tables: number[] = [];
    for (let y = 0; y < out.length; y++) {
      if (this.alive[t.offset[y]! + out[y]!]) continue;
      out[y] = this.dense[t.offset[y]!]!;
      for (const k of t.tablesOf[y]!) {
        if (touched[k]) continue;
        touched[k] = 1;
        tables.push(k);
      }
    }
    this.operations += out.length;
    let ok = true;
    for (const k of tables) {
      touched[k] = 0;
      if (!ok) continue;
      const at = this.at[k]!;
      t.tables[k]!.vars.forEach((y, c) => {
        at[c] = out[y]!;
      });
      ok = this.holdsTuple(k, at);
    }
    return ok ? out : null;
  }

  /** Whether table k allows the tuple `at` (a value per column). */
  private holdsTuple(k: number, at: Int32Array): boolean {
    const { t } = this;
    const table = t.tables[k]!;
    if (table.excluded) return eachMatch(table.excluded, at, () => false, this.count);
    if (table.pair) {
      this.operations++;
      return pairAllows(t.bits, table.pair.sup[0], at[0]!, at[1]!);
    }
    let any = false;
    for (let w = 0; w < table.words && !any; w++) {
      let bits = 0xffffffff;
      for (let c = 0; c < at.length && bits !== 0; c++) bits &= t.bits[table.sup[c]![at[c]!]! + w]!;
      any = bits !== 0;
    }
    this.operations += table.words * at.length;
    return any;
  }

  /**
   * Clears `keep[v]` for each value v of x some table of x has no possible row for that also allows, for every other
   * variable y with `at[y] >= 0`, y = at[y]: no solution extending the current state with those values has x = v.
   */
  unsupported(at: Int32Array, x: number, keep: Uint8Array): void {
    const { t, rows, mask } = this;
    const tables = t.tablesOf[x]!;
    const columns = t.columnOf[x]!;
    for (let j = 0; j < tables.length; j++) {
      const k = tables[j]!;
      const table = t.tables[k]!;
      if (table.excluded) {
        this.unsupportedExcluded(k, at, x, columns[j]!, keep);
        continue;
      }
      if (table.pair) {
        this.unsupportedPair(k, at, columns[j]!, keep);
        continue;
      }
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
      this.operations += table.words * table.vars.length;
      const sup = table.sup[columns[j]!]!;
      for (let v = 0; v < keep.length; v++) {
        if (!keep[v]) continue;
        let any = 0;
        for (let w = 0; w < table.words && any === 0; w++) any = mask[w]! & t.bits[sup[v]! + w]!;
        this.operations += table.words;
        if (any === 0) keep[v] = 0;
      }
    }
  }

  /** unsupported() for a pair table, x in column c: the values whose partners miss the other's given value or domain. */
  private unsupportedPair(k: number, at: Int32Array, c: number, keep: Uint8Array): void {
    const { t } = this;
    const table = t.tables[k]!;
    const sup = table.pair!.sup[c]!;
    const y = table.vars[1 - c]!;
    const u = at[y]!;
    for (let v = 0; v < keep.length; v++) {
      if (!keep[v]) continue;
      if (u >= 0) {
        this.operations++;
        if (!(this.alive[t.offset[y]! + u] && pairAllows(t.bits, sup, v, u))) keep[v] = 0;
      } else if (this.meets(k, c, v) < 0) keep[v] = 0;
    }
  }

  /**
   * The word where value v of column c of pair table k meets the other column's domain (its residue first), or -1
   * when its partners are all gone.
   */
  private meets(k: number, c: number, v: number): number {
    const { t, domain } = this;
    const table = t.tables[k]!;
    const { sup, words } = table.pair!;
    const s = sup[c]![v]!;
    const d = this.domainAt[table.vars[1 - c]!]!;
    const residue = this.residue[k]![c]!;
    this.operations++;
    const r = residue[v]!;
    if ((t.bits[s + r]! & domain[d + r]!) !== 0) return r;
    this.operations += words[c]!;
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
  private revisePair(k: number, skip: number): boolean {
    const table = this.t.tables[k]!;
    for (let c = 0; c < 2; c++) if (table.vars[c] !== skip && !this.revisePairColumn(k, c)) return false;
    return true;
  }

  /**
   * Takes out the values of column c of pair table k whose partners are all gone; false when its domain empties.
   * Value by value (each from its residue), or, when the other column has fewer values than this one has words to
   * test, by the union of the other's values' partner sets, a word at a time: the hub's column, 324 values, against
   * a partner's few.
   */
  private revisePairColumn(k: number, c: number): boolean {
    const { t } = this;
    const table = t.tables[k]!;
    const { sup, words } = table.pair!;
    const x = table.vars[c]!;
    const y = table.vars[1 - c]!;
    const size = this.size[y]!;
    if (size * words[1 - c]! + words[1 - c]! < this.size[x]!) return this.revisePairUnion(k, c);
    const offset = t.offset[x]!;
    // The other column decided: the values that go with its value, a bit each.
    const only = size === 1 ? this.dense[t.offset[y]!]! : -1;
    // Backwards: a value removed is swapped with the last one left, already looked at.
    for (let i = this.size[x]! - 1; i >= 0; i--) {
      const v = this.dense[offset + i]!;
      if (only >= 0) {
        this.operations++;
        if (pairAllows(t.bits, sup[c]!, v, only)) continue;
      } else if (this.meets(k, c, v) >= 0) continue;
      if (!this.removeFor(x, v, k)) return false;
    }
    return true;
  }

  /** revisePairColumn() by the union of the other column's values' partner sets. */
  private revisePairUnion(k: number, c: number): boolean {
    const { t, union, domain } = this;
    const table = t.tables[k]!;
    const { sup, words } = table.pair!;
    const x = table.vars[c]!;
    const y = table.vars[1 - c]!;
    const n = words[1 - c]!;
    const other = sup[1 - c]!;
    union.fill(0, 0, n);
    const offset = t.offset[y]!;
    for (let i = 0; i < this.size[y]!; i++) {
      const s = other[this.dense[offset + i]!]!;
      for (let w = 0; w < n; w++) union[w]! |= t.bits[s + w]!;
    }
    this.operations += (this.size[y]! + 1) * n;
    const d = this.domainAt[x]!;
    for (let w = 0; w < n; w++) {
      let gone = domain[d + w]! & ~union[w]!;
      while (gone !== 0) {
        const bit = gone & -gone;
        gone ^= bit;
        if (!this.removeFor(x, (w << 5) + 31 - Math.clz32(bit), k)) return false;
      }
    }
    return true;
  }

  /**
   * unsupported() for an exclude table: once every other column has a value (given in `at`, or the one left), the
   * values of x the rows matching them name.
   */
  private unsupportedExcluded(k: number, at: Int32Array, x: number, column: number, keep: Uint8Array): void {
    const { t } = this;
    const table = t.tables[k]!;
    const fixed = this.at[k]!;
    for (let c = 0; c < table.vars.length; c++) {
      const y = table.vars[c]!;
      if (y === x) fixed[c] = -1;
      else if (at[y]! >= 0) fixed[c] = at[y]!;
      else if (this.size[y] === 1) fixed[c] = this.dense[t.offset[y]!]!;
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
      this.count,
    );
  }

  /**
   * An exclude table (excluded.ts), checked forward: once at most one of its variables has several values left, the
   * rows matching the others' values take theirs out of it; once none has, a matching row fails.
   */
  private forward(k: number): boolean {
    const { t } = this;
    const table = t.tables[k]!;
    const at = this.at[k]!;
    let free = -1;
    for (let c = 0; c < table.vars.length; c++) {
      const x = table.vars[c]!;
      if (this.size[x] === 1) at[c] = this.dense[t.offset[x]!]!;
      else if (free >= 0) return true;
      else {
        free = c;
        at[c] = -1;
      }
    }
    this.operations += table.vars.length;
    const ex = table.excluded!;
    return eachMatch(
      ex,
      at,
      (r) => {
        if (free < 0) return false;
        const x = table.vars[free]!;
        const cell = ex.rows[r]![free]!;
        if (cell === -1) return false;
        if (typeof cell === 'number') return this.removeFor(x, cell, k);
        for (const v of cell) if (!this.removeFor(x, v, k)) return false;
        return true;
      },
      this.count,
    );
  }

  private dfs(fresh: (x: number, v: number) => boolean, stop: () => boolean): boolean | undefined {
    if (stop()) return undefined;
    this.nogood = null;
    if (this.accept !== undefined && !this.accept(this)) return false;
    const x = this.choose();
    if (x < 0) return true;
    const { t } = this;
    const base = t.offset[x]!;
    const n = t.values[x]!.length;
    // Fresh values first, then the others.
    for (let pass = 0; pass < 2; pass++) {
      for (let v = 0; v < n; v++) {
        if (!this.alive[base + v] || fresh(x, v) !== (pass === 0)) continue;
        this.nogood = null;
        this.push();
        const ok = this.assign(x, v) && this.propagate();
        const found = ok ? this.dfs(fresh, stop) : false;
        if (found !== false) return found;
        this.pop();
        // A refusal that read only variables decided here: no value of x mends it (conflict-directed backjumping,
        // Prosser's: a value past a table's last band faults whatever the variables decided after it hold).
        if (this.refutes()) return false;
        this.nogood = null;
        // No solution has x = v here: take it out, which may already decide other variables.
        if (!this.remove(x, v) || !this.propagate()) return false;
      }
    }
    this.nogood = null;
    return false;
  }

  /** The undecided variable with the fewest values per weight of its tables; -1 when all are decided. */
  private choose(): number {
    const { size, weights, open } = this;
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.openCount; i++) {
      const x = open[i]!;
      const score = size[x]! / (weights[x]! + 1);
      // Ties to the first variable, as a scan in order would take it.
      if (score < bestScore || (score === bestScore && x < best)) {
        bestScore = score;
        best = x;
      }
    }
    this.operations += this.openCount;
    return best;
  }

  /** Takes value v out of x's domain: swapped to the end of its values left, which then count one less. */
  private drop(x: number, v: number): void {
    const base = this.t.offset[x]!;
    const flat = base + v;
    const last = base + --this.size[x]!;
    if (this.size[x] === 1) this.close(x);
    const at = this.place[flat]!;
    const other = this.dense[last]!;
    this.dense[at] = other;
    this.place[base + other] = at;
    this.dense[last] = v;
    this.place[flat] = last;
    this.operations++;
    this.alive[flat] = 0;
    this.domain[this.domainAt[x]! + (v >>> 5)]! &= ~(1 << (v & 31));
    if (this.removedTop === this.removed.length) {
      const more = new Int32Array(this.removed.length * 2);
      more.set(this.removed);
      this.removed = more;
    }
    this.removed[this.removedTop++] = flat;
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

  private trailWord(index: number, old: number): void {
    if (this.wordsTop + 2 > this.words.length) {
      const more = new Int32Array(this.words.length * 2);
      more.set(this.words);
      this.words = more;
    }
    this.words[this.wordsTop++] = index;
    this.words[this.wordsTop++] = old;
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

  /** Removes the values of the table's variables that no possible row allows; false when a domain empties. */
  private revise(k: number, skip: number): boolean {
    const { t, rows } = this;
    const table = t.tables[k]!;
    if (table.excluded) return this.forward(k);
    if (table.pair) return this.revisePair(k, skip);
    const base = t.rowsAt[k]!;
    for (let c = 0; c < table.vars.length; c++) {
      const x = table.vars[c]!;
      if (this.size[x] === 1 || x === skip) continue;
      const offset = t.offset[x]!;
      const sup = table.sup[c]!;
      const residue = this.residue[k]![c]!;
      // Backwards: a value removed is swapped with the last one left, already looked at.
      for (let i = this.size[x]! - 1; i >= 0; i--) {
        const v = this.dense[offset + i]!;
        this.operations++;
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
        this.operations += table.words;
        if (found >= 0) {
          residue[v] = found;
          continue;
        }
        if (!this.removeFor(x, v, k)) return false;
      }
    }
    return true;
  }
}
