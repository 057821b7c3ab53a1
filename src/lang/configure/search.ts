// Finding one complete configuration: a depth-first search over the fields the buyer has not set, checking each
// constraint and error rule as soon as every searched field it depends on has a value (so a bad partial choice
// is abandoned at once), and every check again on the complete configuration found. Each closure call counts
// against the request's budget; past it the search gives up rather than guess.
import type { Ctx } from '../runtime/context';
import { Fault, type Val } from '../runtime/fault';
import type { Analysis, Check, Space } from './analysis';

export interface Budget {
  /** Check evaluations left for this request. */
  left: number;
}

/** The budget ran out: the answer is not known. */
export const UNKNOWN = 'unknown';

/** A solution: by field index, the value to send (undefined: the field keeps its sent value or default). */
export type Solution = (Val | undefined)[];

/** An order to assign the searched fields in, and the checks to run after each assignment. */
interface Plan {
  order: number[];
  /** By position in `order`: the checks whose last searched dependency is that field. */
  at: Check[][];
}

export class Problem {
  /** The searched fields, in field order. */
  private readonly vars: number[];
  /** The checks that depend on no searched field. */
  private readonly root: Check[] = [];
  /** The checks that depend on some searched field, and which of those fields each one depends on. */
  private readonly open: { check: Check; on: number[] }[] = [];
  /** Plans by field searched first (-1: none), shared by every problem of the model with the same searched fields. */
  private readonly plans: Map<number, Plan>;
  private readonly values: Solution;
  private plan: Plan | undefined;

  /**
   * `fixed`: by field index, the value the buyer sent (undefined when not sent: searched over the space's domain);
   * the field `free`, even if sent, is searched as if unset.
   */
  constructor(
    private readonly c: Ctx,
    private readonly a: Analysis,
    private readonly space: Space,
    private readonly quantity: number,
    private readonly fixed: readonly unknown[],
    private readonly budget: Budget,
    free?: number,
  ) {
    this.vars = [];
    space.domains.forEach((d, i) => {
      if (d !== null && (fixed[i] === undefined || i === free)) this.vars.push(i);
    });
    const searched = new Set(this.vars);
    for (const check of a.checks) {
      const on = check.deps.filter((d) => searched.has(d));
      if (on.length === 0) this.root.push(check);
      else this.open.push({ check, on });
    }
    this.values = new Array(fixed.length).fill(undefined);
    this.plans = plansFor(a, this.vars);
  }

  get searched(): readonly number[] {
    return this.vars;
  }

  /**
   * Fields in an order that lets checks run early: `first`, then repeatedly the field sharing the most checks
   * with the fields already placed (ties: declaration order), so a bad choice fails a few fields later, not at
   * the end. Quadratic in the searched fields of one product (tens), once per first field.
   */
  private planFor(first: number): Plan {
    let plan = this.plans.get(first);
    if (plan) return plan;
    const placed = new Set<number>();
    const order: number[] = [];
    const place = (v: number) => {
      placed.add(v);
      order.push(v);
    };
    if (first >= 0) place(first);
    while (order.length < this.vars.length) {
      let best = -1;
      let bestScore = -1;
      for (const v of this.vars) {
        if (placed.has(v)) continue;
        let score = 0;
        for (const { on } of this.open) if (on.includes(v) && on.some((d) => placed.has(d))) score++;
        if (score > bestScore) {
          best = v;
          bestScore = score;
        }
      }
      place(best);
    }
    const position = new Map(order.map((v, k) => [v, k]));
    const at: Check[][] = order.map(() => []);
    for (const { check, on } of this.open) {
      let last = 0;
      for (const d of on) last = Math.max(last, position.get(d)!);
      at[last]!.push(check);
    }
    plan = { order, at };
    this.plans.set(first, plan);
    return plan;
  }

  /**
   * One solution in which each field of `only` takes one of the listed values, or null when there is none, or
   * UNKNOWN when the budget ran out. `prefer` orders each field's values (values not yet seen in a solution first).
   */
  solve(
    only: ReadonlyMap<number, readonly Val[]>,
    prefer: (field: number, values: readonly Val[]) => readonly Val[],
  ): Solution | null | typeof UNKNOWN {
    this.values.fill(undefined);
    const [first] = only.keys();
    this.plan = this.planFor(first !== undefined && this.vars.includes(first) ? first : -1);
    const rootOk = this.pass(this.root, -1);
    if (rootOk !== true) return rootOk === false ? null : UNKNOWN;
    try {
      if (this.dfs(0, only, prefer)) return [...this.values];
      // A multi-select whose selections were not all tried: nothing found is not nothing there.
      return this.vars.some((v) => this.space.partial[v]) ? UNKNOWN : null;
    } catch (e) {
      if (e === OUT_OF_BUDGET) return UNKNOWN;
      throw e;
    }
  }

  /**
   * Whether a solution with one field changed is still a solution: one pass over every check, far cheaper than a
   * search, and how most values of a loosely constrained product are vouched for.
   */
  variant(solution: Solution, field: number, value: Val): Solution | null | typeof UNKNOWN {
    for (const v of this.vars) this.values[v] = solution[v];
    this.values[field] = value;
    this.plan = this.planFor(-1);
    const ok = this.pass(this.a.checks, this.vars.length);
    if (ok === 'budget') return UNKNOWN;
    return ok ? [...this.values] : null;
  }

  private dfs(
    k: number,
    only: ReadonlyMap<number, readonly Val[]>,
    prefer: (f: number, v: readonly Val[]) => readonly Val[],
  ): boolean {
    const plan = this.plan!;
    if (k === plan.order.length) {
      const ok = this.pass(this.a.checks, k - 1);
      if (ok === 'budget') throw OUT_OF_BUDGET;
      return ok;
    }
    const field = plan.order[k]!;
    const domain = only.get(field) ?? prefer(field, this.space.domains[field]!);
    for (const v of domain) {
      this.values[field] = v;
      const ok = this.pass(plan.at[k]!, k);
      if (ok === 'budget') throw OUT_OF_BUDGET;
      if (ok && this.dfs(k + 1, only, prefer)) return true;
    }
    this.values[field] = undefined;
    return false;
  }

  /** Loads the configuration so far (fixed values, then searched fields up to position k) into the context. */
  private load(k: number): void {
    const { c, fixed, values } = this;
    const order = this.plan!.order;
    c.reset(this.quantity);
    for (let i = 0; i < fixed.length; i++) c.raw[i] = fixed[i];
    for (let j = 0; j <= k && j < order.length; j++) {
      const f = order[j]!;
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

/** Plans made for a model, by searched fields; a bounded cache, as every set of fields a buyer sent is a key. */
const PLAN_SETS_KEPT = 256;
const planCache = new WeakMap<Analysis, Map<string, Map<number, Plan>>>();

function plansFor(a: Analysis, vars: readonly number[]): Map<number, Plan> {
  let sets = planCache.get(a);
  if (sets === undefined) {
    sets = new Map();
    planCache.set(a, sets);
  }
  const key = vars.join(',');
  let plans = sets.get(key);
  if (plans === undefined) {
    if (sets.size >= PLAN_SETS_KEPT) sets.clear();
    plans = new Map();
    sets.set(key, plans);
  }
  return plans;
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
