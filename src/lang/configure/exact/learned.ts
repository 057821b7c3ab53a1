// What a model's requests prove, kept for the next ones (per model and isolate, beside its settled root: index.ts's
// Kept). A value a request proved to have no solution once its choices are made has none in any request that makes
// those choices and more (a nogood: more choices only take solutions away); a solution found is one of the model's
// tables, to vouch for its values wherever they are left. A buyer's next request is usually the last one and one
// choice more: it starts with what the last ones refuted taken out, and their solutions tried before any search
// (the car line's costly states refuted the same hundred values again at each step: bench/RESULTS.md §13).
// Bounded: the refutations of the last NOGOODS_KEPT requests, the last SOLUTIONS_KEPT solutions.

/** A request's choices (flat value indexes, Tables.offset) and the values (flat too) proven to have no solution with them. */
interface Nogoods {
  choices: Int32Array;
  refuted: Int32Array;
}

const NOGOODS_KEPT = 32;
const SOLUTIONS_KEPT = 64;

export class Learned {
  private readonly nogoods: Nogoods[] = [];
  private nextNogoods = 0;
  private readonly kept: Int32Array[] = [];
  private nextSolution = 0;

  /** The solutions kept, oldest first. */
  get solutions(): readonly Int32Array[] {
    return [...this.kept.slice(this.nextSolution), ...this.kept.slice(0, this.nextSolution)];
  }

  /** Keeps a solution of the model's tables (each one value index per variable). */
  solved(solution: Int32Array): void {
    if (this.kept.length < SOLUTIONS_KEPT) this.kept.push(solution);
    else this.kept[this.nextSolution] = solution;
    this.nextSolution = (this.nextSolution + 1) % SOLUTIONS_KEPT;
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
