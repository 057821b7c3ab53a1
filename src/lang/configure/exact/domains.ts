// The state of a search over a model's tables (exact/tables.ts), and how a level of it is undone: each variable's
// domain (a sparse set of its values, and a bit per value), each table's possible rows (a row set, for the compact
// tables: compact-kind.ts), and the trail of every change to them, so that a level is undone in the time it took to
// make. Work is counted in operations (a word of a row set, a value looked at or removed, a change undone), each one
// work unit of the request's budget (budget.ts), charged by the caller: measured on the generated large models, 20 to
// 30 ns an operation, the cost of a unit of the search it replaces. The propagation (propagation.ts) and the search
// (solver.ts) build on it; the table kinds read it.
import type { Tables } from './tables';

export class Domains {
  /** By flat value index (Tables.offset): 1 while the value is in its variable's domain. */
  readonly alive: Uint8Array;
  /** By variable: values left. */
  readonly size: Int32Array;
  /** By variable from `domainAt`: a bit per value, set while the value is in its domain (what partner sets meet). */
  readonly domain: Uint32Array;
  readonly domainAt: Int32Array;
  /**
   * By variable, from its offset: its value indexes, the first `size` of them alive (a sparse set, so that a
   * revision looks only at the values left). A value removed is swapped to just past them, so a pop restores the
   * removals, undone in reverse order, by counting them back in.
   */
  readonly dense: Int32Array;
  /** By flat value index: where the value is in `dense`. */
  protected readonly place: Int32Array;
  /** Every table's possible rows, at Tables.rowsAt. */
  readonly rows: Uint32Array;
  /** Flat value index of each value removed, in order; with `levels`, what a pop restores. */
  private removed: Int32Array;
  protected removedTop = 0;
  /** Row-set words changed: index, then old value. */
  private words: Int32Array;
  protected wordsTop = 0;
  protected readonly levels: number[] = [];
  /** By flat value index: the variable. */
  protected readonly varOfValue: Int32Array;
  /**
   * The variables with more than one value left (a sparse set, `openAt` their places): choose() looks at these
   * only. A variable leaves when it is down to one value and comes back when a pop restores its second, in the
   * reverse order, so it is found just past the others.
   */
  protected readonly open: Int32Array;
  private readonly openAt: Int32Array;
  protected openCount = 0;
  /** Operations done (work units); the caller charges them. */
  operations = 0;
  readonly count = (cells: number) => {
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
    this.varOfValue = new Int32Array(t.totalValues);
    t.values.forEach((v, x) => {
      this.varOfValue.fill(x, t.offset[x]!, t.offset[x]! + v.length);
    });
    this.open = new Int32Array(t.values.length);
    this.openAt = new Int32Array(t.values.length);
    this.reopen();
  }

  /** The open variables, from the sizes. */
  protected reopen(): void {
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

  push(): void {
    this.levels.push(this.removedTop, this.wordsTop);
  }

  /** Undoes the changes of the last level pushed. */
  protected undo(): void {
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
  }

  /** The value left to variable x, once it has one. */
  single(x: number): number {
    return this.dense[this.t.offset[x]!]!;
  }

  has(x: number, v: number): boolean {
    return this.alive[this.t.offset[x]! + v] === 1;
  }

  /** Takes value v out of x's domain: swapped to the end of its values left, which then count one less. */
  protected drop(x: number, v: number): void {
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

  /** Records the old value of word `index` of the row sets, which its caller changes. */
  protected trailWord(index: number, old: number): void {
    if (this.wordsTop + 2 > this.words.length) {
      const more = new Int32Array(this.words.length * 2);
      more.set(this.words);
      this.words = more;
    }
    this.words[this.wordsTop++] = index;
    this.words[this.wordsTop++] = old;
  }

  /** The domains and row sets of another state of the same tables (its level 0), with nothing trailed. */
  protected copyDomains(other: Domains): void {
    this.alive.set(other.alive);
    this.size.set(other.size);
    this.domain.set(other.domain);
    this.dense.set(other.dense);
    this.place.set(other.place);
    this.rows.set(other.rows);
    this.removedTop = this.wordsTop = 0;
    this.levels.length = 0;
  }
}
