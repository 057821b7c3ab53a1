// What one configure request may do (issue 27): a budget of work units that grow with the work actually done,
// not with the number of evaluations (one evaluation of a 1,000-row table was a thousand comparisons), and caps
// on what its answer lists. Units (docs/api.md, "Configure"): the expression nodes of each check evaluated
// (runtime/cost.ts), the slots each evaluation resets and the fields, lets and conditions it computes (Ctx.work),
// one per value tried, and the checks and fields each search is set up with. Past the budget the engine stops
// and answers what it knows with `complete: false`; past a cap the answer leaves entries out and counts them.
import type { Ctx } from '../runtime/context';

/**
 * Work units per request on a model of up to 100 searched variables (the exact engine's: `unitsFor`). Measured on
 * the hostile shapes (bench/RESULTS.md, "configure under its budget"): 20 to 35 ns a unit where the search
 * dominates, so a request stops after about 70 ms of searching at most; building the answer is bounded by
 * MAX_FIELDS_BYTES. The examples spend at most 16,000 units (office-desk).
 */
export const MAX_WORK_UNITS = 2_000_000;
/**
 * Work units per searched variable (so past 100 of them a request may spend more than MAX_WORK_UNITS, up to
 * LARGE_MODEL_UNITS): a search's descent costs more with each variable (about 45,000 units through the 182 of the
 * car line with equipment lists), and a request decides every value of every variable, so a fixed budget holds
 * fewer searches the larger the model. There, with 2,000,000 units 296 of 300 answers were complete; with its
 * 3,640,000 all are, the costliest taking 2,730,000 (bench/RESULTS.md §21; p99 26 ms over HTTP).
 */
export const UNITS_PER_VARIABLE = 20_000;
/** The most a request may spend on any model: about 140 ms of searching at the hostile shapes' 35 ns a unit. */
export const LARGE_MODEL_UNITS = 4_000_000;

/** The budget of a request on a model whose exact engine searches `variables` variables. */
export function unitsFor(variables: number): number {
  return Math.min(LARGE_MODEL_UNITS, Math.max(MAX_WORK_UNITS, UNITS_PER_VARIABLE * variables));
}

/** Reasons listed per unavailable option: the checks that read only values the buyer has set first. */
export const MAX_REASONS_PER_OPTION = 3;

/**
 * Bytes of JSON (UTF-8) the answer's `fields` may take, with their options and reasons: past it, the remaining
 * reasons, options and fields are left out and counted in `truncated`, and the answer is `complete: false`.
 * With `errors` and `warnings` (100 each, messages cut at 1,000 characters, `because` at 20 values) the whole
 * answer stays under 1 MB.
 */
export const MAX_FIELDS_BYTES = 600_000;

export class Budget {
  /** Units left; the work is over once this is 0 or less. */
  left: number;
  /** The context's work counter when last charged. */
  private mark: number;

  constructor(
    private readonly c: Ctx,
    private readonly units = MAX_WORK_UNITS,
    private readonly whole?: Budget,
  ) {
    this.left = units;
    this.mark = c.work;
  }

  /** A budget of at most `units` taken from this one: what it spends is spent here too. */
  part(units: number): Budget {
    this.spend(0);
    return new Budget(this.c, Math.min(units, this.left), this);
  }

  /** Units spent so far. */
  get used(): number {
    return this.units - this.left;
  }

  /** Charges `units` and the context's work since the last charge; whether any budget is left. */
  spend(units: number): boolean {
    const { work } = this.c;
    this.left -= units + (work - this.mark);
    this.mark = work;
    this.whole?.spend(units);
    return !this.spent;
  }

  get spent(): boolean {
    return this.left <= 0 || this.whole?.spent === true;
  }
}
