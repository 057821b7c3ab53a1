// What a model's requests prove, kept for the next ones (per model and isolate, beside its settled root: index.ts's
// Kept). A value a request proved to have no solution once its choices are made has none in any request that makes
// those choices and more (a nogood: more choices only take solutions away); a solution found is one of the model's
// tables, to vouch for its values wherever they are left. A buyer's next request is usually the last one and one
// choice more: it starts with what the last ones refuted taken out, and their solutions tried before any search
// (the car line's costly states refuted the same hundred values again at each step: bench/RESULTS.md §13).
// Bounded: the refutations of the last NOGOODS_KEPT requests, the last solutions within LEARNED_BYTES.

/** A request's choices (flat value indexes, Tables.offset) and the values (flat too) proven to have no solution with them. */
interface Nogoods {
  choices: Int32Array;
  refuted: Int32Array;
}

const NOGOODS_KEPT = 32;
/**
 * Solutions kept per model and isolate: 4 per variable (a model's solutions grow with its variables and values),
 * within LEARNED_BYTES, 64 at least. A request repairs the known solution nearest its state (exact/index.ts,
 * `nearestKnown`), so the more kept, the fewer searches: on the car line with equipment lists (182 variables, 728
 * kept) the costliest of its 900 states took 3,090,000 units; with 400 kept 3,000,000; with 256 kept one ran out of
 * its 3,640,000 (bench/RESULTS.md §21).
 */
const SOLUTIONS_PER_VARIABLE = 4;
/**
 * Bytes the solutions kept and their index by value may take per model and isolate, at most: 12 a variable of
 * each (its value, and its place in the index): the car line's 728 take 1.6 MB.
 */
const LEARNED_BYTES = 2 * 1024 * 1024;

export class Learned {
  private readonly nogoods: Nogoods[] = [];
  private nextNogoods = 0;
  private readonly kept: Int32Array[] = [];
  private nextSolution = 0;
  private readonly capacity: number;
  /** By flat value: the solutions known that have it, some no longer kept (not in `live`): skipped, then dropped. */
  private readonly byValue: (Int32Array[] | undefined)[];
  private readonly live = new Set<Int32Array>();

  /** `offset`: by variable, its first flat value (Tables.offset); `totalValues`: how many flat values there are. */
  constructor(
    private readonly offset: Int32Array,
    totalValues: number,
  ) {
    const vars = Math.max(1, offset.length);
    this.capacity = Math.max(64, Math.min(SOLUTIONS_PER_VARIABLE * vars, Math.floor(LEARNED_BYTES / (12 * vars))));
    this.byValue = new Array<Int32Array[] | undefined>(totalValues);
  }

  /** The solutions kept, oldest first. */
  get solutions(): readonly Int32Array[] {
    return [...this.kept.slice(this.nextSolution), ...this.kept.slice(0, this.nextSolution)];
  }

  /** Solutions kept for good (the settled pool), known by value as those requests find. */
  keep(pool: readonly Int32Array[]): void {
    for (const solution of pool) this.index(solution);
  }

  /** Keeps a solution of the model's tables (each one value index per variable). */
  solved(solution: Int32Array): void {
    if (this.kept.length < this.capacity) this.kept.push(solution);
    else {
      this.live.delete(this.kept[this.nextSolution]!);
      this.kept[this.nextSolution] = solution;
    }
    this.nextSolution = (this.nextSolution + 1) % this.capacity;
    this.index(solution);
  }

  /**
   * Passes the solutions known with flat value `value` to `each`, the latest first, until it returns false; `count`:
   * the operations, charged by the caller. Those no longer kept are dropped once they are as many as the others.
   */
  withValue(value: number, each: (solution: Int32Array) => boolean, count: (operations: number) => void): void {
    const known = this.byValue[value] ?? [];
    let gone = 0;
    let looked = 0;
    for (let j = known.length - 1; j >= 0; j--) {
      const solution = known[j]!;
      looked++;
      if (!this.live.has(solution)) gone++;
      else if (!each(solution)) break;
    }
    count(looked);
    if (gone * 2 > known.length) this.byValue[value] = known.filter((solution) => this.live.has(solution));
  }

  private index(solution: Int32Array): void {
    this.live.add(solution);
    for (let x = 0; x < solution.length; x++) {
      const flat = this.offset[x]! + solution[x]!;
      const known = this.byValue[flat];
      if (known) known.push(solution);
      else this.byValue[flat] = [solution];
    }
  }

  /** Keeps the values (flat) a request proved to have no solution with its choices (flat). */
  refuted(choices: Int32Array, values: readonly number[]): void {
    if (values.length === 0) return;
    const entry = { choices, refuted: Int32Array.from(values) };
    if (this.nogoods.length < NOGOODS_KEPT) this.nogoods.push(entry);
    else this.nogoods[this.nextNogoods] = entry;
    this.nextNogoods = (this.nextNogoods + 1) % NOGOODS_KEPT;
  }

  /**
   * Calls `each` with every value refuted under choices that are all among a request's (`chosen`: 1 by flat value
   * chosen), until it returns false; whether none did. `count`: the operations, charged by the caller.
   */
  refutedWith(chosen: Uint8Array, each: (value: number) => boolean, count: (operations: number) => void): boolean {
    for (const { choices, refuted } of this.nogoods) {
      count(choices.length);
      if (!choices.every((v) => chosen[v] === 1)) continue;
      count(refuted.length);
      for (const v of refuted) if (!each(v)) return false;
    }
    return true;
  }
}
