// Search over a model's tables (exact/tables.ts), over their domains and trail (domains.ts) kept arc consistent by
// each table's kind (propagation.ts): a depth-first search choosing the variable with the fewest values per failure
// weight of its tables (dom/wdeg), preferring values no solution has shown yet. What the tables do not hold is
// verified at each node by the caller's `accept` (residual.ts): a refusal weighs as a table's failure does, and one
// that read only some decided variables is jumped back past (refuted). Every change is trailed, so a level is undone
// in the time it took to make.
import { holdsCompact, unsupportedCompact } from './compact-kind';
import { holdsExcluded, unsupportedExcluded } from './excluded-kind';
import { holdsPair, unsupportedPair } from './pair-kind';
import { Propagation } from './propagation';

/** Rounds of mending a repair may take (Solver.repaired) before the search takes over. */
const REPAIR_ROUNDS = 48;
/**
 * Operations a repair may take before the search takes over: on the car line with equipment lists a repair that
 * succeeds takes about 1,000, one that cycles (each table mended breaking another) took up to 300,000.
 */
const REPAIR_OPERATIONS = 20_000;
/**
 * Breakout weight (1, then one more each time it is mended) past which a table broken again fails the repair: on the
 * car line with equipment lists failing repairs mostly mended the same table round and round until REPAIR_OPERATIONS;
 * stopping at the third mend completed 294 of 300 answers, 291 without, 290 at the second.
 */
const MEND_LIMIT = 3;
/** Words of row sets (32 rows each) a repair scans for a table's nearest possible row (Solver.mend). */
const MAX_MENDED_WORDS = 64;
/** Rows as near as the nearest a repair weighs by the tables they break (Solver.mend). */
const MAX_ROWS_SCORED = 32;

export class Solver extends Propagation {
  /**
   * What the tables do not hold (residual.ts), verified at every node of a search: false cuts the node. Set by the
   * solver's user for its own request; undefined: nothing to verify.
   */
  accept: ((s: Solver) => boolean) | undefined;
  /** The variables the last refusal of `accept` read, when they alone make it (refuted); else null. */
  private nogood: readonly number[] | null = null;

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

  /**
   * A solution (a value index per variable) extending the current state, or null when there is none, or undefined
   * once `stop()` says so (checked after each node). `fresh(x, v)`: values not yet shown by a solution, tried first.
   * `hint`, then `other`: solutions of the same tables a repair starts from (`repaired`) before the search does.
   */
  solve(
    fresh: (x: number, v: number) => boolean,
    stop: () => boolean,
    hint?: Int32Array,
    other?: Int32Array,
  ): Int32Array | null | undefined {
    // What the tables do not hold is verified on states, not on a repaired solution: no shortcut then.
    if (this.accept === undefined) {
      for (const from of [hint, other === hint ? undefined : other]) {
        const repaired = from ? this.repaired(from, fresh) : null;
        if (repaired) return repaired;
      }
    }
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
   * while the state has it, else takes one its tables allow with the others as they are (`allowed`); then, for a few
   * rounds, a table these changes leave broken is mended (`mend`). Null unless every table the changes touch allows
   * the result (the others allow it as they allowed the hint). On a loose model this finds a witness without a
   * search: on the car line with equipment lists (test/fixtures/car-line-hard.ts) a search for a value not shown yet
   * took 50,000 operations (one descent through 260 variables).
   */
  private repaired(hint: Int32Array, fresh: (x: number, v: number) => boolean): Int32Array | null {
    const { t } = this;
    const out = hint.slice();
    let check = new Set<number>();
    for (let y = 0; y < out.length; y++) {
      if (this.alive[t.offset[y]! + out[y]!]) continue;
      const v = this.allowed(out, y, fresh);
      out[y] = v >= 0 ? v : this.dense[t.offset[y]!]!;
      for (const k of t.tablesOf[y]!) check.add(k);
    }
    this.operations += out.length;
    const limit = this.operations + REPAIR_OPERATIONS;
    // Breakout (Morris): each time a table is mended it weighs more in the rows chosen after, so that two tables
    // mending each other in turn do not go back and forth.
    const weight = new Uint32Array(t.tables.length).fill(1);
    this.operations += t.tables.length;
    for (let round = 0; round < REPAIR_ROUNDS && this.operations < limit; round++) {
      const broken: number[] = [];
      for (const k of check) if (!this.holdsIn(out, k)) broken.push(k);
      if (broken.length === 0) return out;
      check = new Set();
      for (const k of broken) {
        if (this.holdsIn(out, k)) continue;
        // Mended twice and broken again: the repair goes round in circles (the search does better).
        if (++weight[k]! > MEND_LIMIT) return null;
        if (!this.mend(out, k, check, fresh, weight)) return null;
      }
    }
    return null;
  }

  /**
   * Mends broken table k in `out`, adding the tables of the variables it changes to `check`: one of its variables
   * changed to a value all its tables allow, else (a table with row sets) its possible row nearest `out` taken
   * whole, what that breaks mended in the next rounds. The car line's tables of three or four hub fields allow 150
   * of thousands of combinations: one variable changed mended none of them, and every repair failed.
   */
  private mend(
    out: Int32Array,
    k: number,
    check: Set<number>,
    fresh: (x: number, v: number) => boolean,
    weight: Uint32Array,
  ): boolean {
    const { t } = this;
    const table = t.tables[k]!;
    const vars = table.vars;
    let changed = -1;
    for (let c = 0; c < vars.length && changed < 0; c++) {
      const y = vars[c]!;
      if (this.size[y]! <= 1) continue;
      const v = this.allowed(out, y, fresh);
      if (v < 0) continue;
      out[y] = v;
      changed = y;
    }
    if (changed >= 0) {
      for (const j of t.tablesOf[changed]!) check.add(j);
      return true;
    }
    if (table.excluded || table.pair || table.words > MAX_MENDED_WORDS) return false;
    // The possible row (in the current state) that breaks the fewest other tables, of those that disagree with `out`
    // in the fewest columns: taking the nearest alone went back and forth between two tables.
    const base = t.rowsAt[k]!;
    const was = Int32Array.from(vars, (y) => out[y]!);
    let best = -1;
    let bestDiffer = Number.POSITIVE_INFINITY;
    let bestBreaks = Number.POSITIVE_INFINITY;
    let scored = 0;
    for (let w = 0; w < table.words && bestBreaks > 0; w++) {
      let word = this.rows[base + w]!;
      while (word !== 0 && bestBreaks > 0) {
        const bit = word & -word;
        word ^= bit;
        let differ = 0;
        for (let c = 0; c < vars.length && differ <= bestDiffer; c++) {
          if ((t.bits[table.sup[c]![was[c]!]! + w]! & bit) === 0) differ++;
        }
        this.operations += vars.length;
        if (differ > bestDiffer || (differ === bestDiffer && scored >= MAX_ROWS_SCORED)) continue;
        scored++;
        const limit = differ < bestDiffer ? Number.POSITIVE_INFINITY : bestBreaks;
        const breaks = this.takeRow(out, k, w, bit, limit, weight, was);
        for (let c = 0; c < vars.length; c++) out[vars[c]!] = was[c]!;
        if (breaks < limit) {
          best = w * 32 + 31 - Math.clz32(bit);
          bestDiffer = differ;
          bestBreaks = breaks;
        }
      }
    }
    if (best < 0) return false;
    this.takeRow(out, k, best >> 5, 1 << (best & 31), 0, weight, was);
    for (let c = 0; c < vars.length; c++) {
      if (out[vars[c]!] !== was[c]) for (const j of t.tablesOf[vars[c]!]!) check.add(j);
    }
    return true;
  }

  /**
   * Sets in `out` the values of table k's variables its row (bit `bit` of word w) does not allow to values it does
   * (`was`: their values before); the other tables of the variables changed that `out` then breaks, by their
   * weights, summed up to `limit`; +Infinity when some variable has no value left that the row allows.
   */
  private takeRow(
    out: Int32Array,
    k: number,
    w: number,
    bit: number,
    limit: number,
    weight: Uint32Array,
    was: Int32Array,
  ): number {
    const { t } = this;
    const table = t.tables[k]!;
    const vars = table.vars;
    let breaks = 0;
    for (let c = 0; c < vars.length; c++) {
      const y = vars[c]!;
      const sup = table.sup[c]!;
      if ((t.bits[sup[out[y]!]! + w]! & bit) !== 0) continue;
      // A value of y the row allows, left in the state. A row with lists stays in the row set while its values are
      // removed one by one (Table.listed), so there may be none: the row is then not taken.
      const at = t.offset[y]!;
      let found = false;
      for (let j = 0; j < this.size[y]! && !found; j++) {
        const v = this.dense[at + j]!;
        this.operations++;
        if ((t.bits[sup[v]! + w]! & bit) === 0) continue;
        out[y] = v;
        found = true;
      }
      if (!found) return Number.POSITIVE_INFINITY;
    }
    for (let c = 0; c < vars.length && breaks < limit; c++) {
      // A variable the row keeps breaks the same tables whichever row is taken: on the car line with equipment
      // lists, counting them (the hub's 40 tables) took half of every repair's work.
      if (out[vars[c]!] === was[c]) continue;
      for (const j of t.tablesOf[vars[c]!]!) {
        if (j === k || this.holdsIn(out, j)) continue;
        breaks += weight[j]!;
        if (breaks >= limit) break;
      }
    }
    return breaks;
  }

  /** Whether table k allows `out`'s values of its variables. */
  private holdsIn(out: Int32Array, k: number): boolean {
    const at = this.at[k]!;
    this.t.tables[k]!.vars.forEach((y, c) => {
      at[c] = out[y]!;
    });
    this.operations++;
    return this.holdsTuple(k, at);
  }

  /** The first value left of y that every table of y allows with the others as in `out`; -1 when none does. */
  private allowed(out: Int32Array, y: number, fresh?: (x: number, v: number) => boolean): number {
    const { t } = this;
    const base = t.offset[y]!;
    const n = this.size[y]!;
    let other = -1;
    for (let j = 0; j < n; j++) {
      const v = this.dense[base + j]!;
      if (other >= 0 && !fresh!(y, v)) continue;
      this.operations += t.tablesOf[y]!.length;
      if (!this.allows(out, y, v)) continue;
      if (fresh === undefined || fresh(y, v)) return v;
      if (other < 0) other = v;
    }
    return other;
  }

  /** Whether table k allows the tuple `at` (a value per column), by its kind. */
  private holdsTuple(k: number, at: Int32Array): boolean {
    const table = this.t.tables[k]!;
    if (table.excluded) return holdsExcluded(this, k, at);
    if (table.pair) return holdsPair(this, k, at);
    return holdsCompact(this, k, at);
  }

  /**
   * Clears `keep[v]` for each value v of x some table of x has no possible row for that also allows, for every other
   * variable y with `at[y] >= 0`, y = at[y]: no solution extending the current state with those values has x = v.
   */
  unsupported(at: Int32Array, x: number, keep: Uint8Array): void {
    const { t } = this;
    const tables = t.tablesOf[x]!;
    const columns = t.columnOf[x]!;
    for (let j = 0; j < tables.length; j++) {
      const k = tables[j]!;
      const table = t.tables[k]!;
      if (table.excluded) unsupportedExcluded(this, k, at, x, columns[j]!, keep);
      else if (table.pair) unsupportedPair(this, k, at, columns[j]!, keep);
      else unsupportedCompact(this, k, at, x, columns[j]!, keep);
    }
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
}
