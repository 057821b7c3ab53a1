// Finding one complete configuration: a depth-first search over the fields the buyer has not set, checking each
// constraint and error rule as soon as every searched field it depends on has a value (so a bad partial choice
// is abandoned at once), and every check again on the complete configuration found. Each closure call counts
// against the request's budget; past it the search gives up rather than guess.
import type { Ctx } from '../runtime/context';
import { Fault, type Val } from '../runtime/fault';
import type { CompiledModel } from '../runtime/model';
import type { Analysis, Check } from './analysis';

export interface Budget {
  /** Check evaluations left for this request. */
  left: number;
}

/** The budget ran out: the answer is not known. */
export const UNKNOWN = 'unknown';

/** A solution: by field index, the value to send (undefined: the field keeps its sent value or default). */
export type Solution = (Val | undefined)[];

export class Problem {
  /** The searched fields, in field order. */
  private readonly vars: number[];
  /** By position in `vars`: the checks whose last searched dependency is that field; `root`: those with none. */
  private readonly at: Check[][];
  private readonly root: Check[];
  private readonly values: Solution;

  /**
   * `fixed`: by field index, the value the buyer sent (undefined when not sent); a field sent and also in `free` is
   * searched as if unset.
   */
  constructor(
    private readonly m: CompiledModel,
    private readonly c: Ctx,
    private readonly a: Analysis,
    private readonly quantity: number,
    private readonly fixed: readonly unknown[],
    private readonly budget: Budget,
    free?: number,
  ) {
    this.vars = [];
    a.domains.forEach((d, i) => {
      if (d !== null && (fixed[i] === undefined || i === free)) this.vars.push(i);
    });
    const position = new Map(this.vars.map((v, k) => [v, k]));
    this.at = this.vars.map(() => []);
    this.root = [];
    for (const check of a.checks) {
      let last = -1;
      for (const d of check.deps) last = Math.max(last, position.get(d) ?? -1);
      (last < 0 ? this.root : this.at[last]!).push(check);
    }
    this.values = new Array(fixed.length).fill(undefined);
  }

  get searched(): readonly number[] {
    return this.vars;
  }

  /**
   * One solution in which each field of `only` takes one of the listed values, or null when there is none, or
   * UNKNOWN when the budget ran out. `prefer` orders each field's values (values not yet seen in a solution first).
   */
  solve(only: ReadonlyMap<number, readonly Val[]>, prefer: (field: number, values: readonly Val[]) => readonly Val[]): Solution | null | typeof UNKNOWN {
    this.values.fill(undefined);
    const rootOk = this.pass(this.root, -1);
    if (rootOk !== true) return rootOk === false ? null : UNKNOWN;
    try {
      return this.dfs(0, only, prefer) ? [...this.values] : null;
    } catch (e) {
      if (e === OUT_OF_BUDGET) return UNKNOWN;
      throw e;
    }
  }

  private dfs(k: number, only: ReadonlyMap<number, readonly Val[]>, prefer: (f: number, v: readonly Val[]) => readonly Val[]): boolean {
    if (k === this.vars.length) {
      const ok = this.pass(this.a.checks, k - 1);
      if (ok === 'budget') throw OUT_OF_BUDGET;
      return ok;
    }
    const field = this.vars[k]!;
    const domain = only.get(field) ?? prefer(field, this.a.domains[field]!);
    for (const v of domain) {
      this.values[field] = v;
      const ok = this.pass(this.at[k]!, k);
      if (ok === 'budget') throw OUT_OF_BUDGET;
      if (ok && this.dfs(k + 1, only, prefer)) return true;
    }
    this.values[field] = undefined;
    return false;
  }

  /** Loads the configuration so far (fixed values, then searched fields up to position k) into the context. */
  load(k: number): void {
    const { c, fixed, values, vars } = this;
    c.reset(this.quantity);
    for (let i = 0; i < fixed.length; i++) c.raw[i] = fixed[i];
    for (let j = 0; j <= k && j < vars.length; j++) {
      const f = vars[j]!;
      c.raw[f] = values[f];
    }
  }

  /** Whether every check passes on the configuration so far; 'budget' when the budget ran out first. */
  private pass(checks: readonly Check[], k: number): boolean | 'budget' {
    if (checks.length === 0) return true;
    this.load(k);
    for (const check of checks) {
      if (this.budget.left-- <= 0) return 'budget';
      if (fails(this.c, check)) return false;
    }
    return true;
  }
}

const OUT_OF_BUDGET = Symbol('budget');

/** A check fails when it gives its failing value, or cannot be evaluated at all. */
export function fails(c: Ctx, check: Check): boolean {
  try {
    return check.fn(c) === check.fails;
  } catch (e) {
    if (!(e instanceof Fault)) throw e;
    c.unwind(e);
    return true;
  }
}
