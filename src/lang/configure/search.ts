// Finding one complete configuration: a depth-first search over the fields the buyer has not set, checking each
// constraint and error rule as soon as every searched field it depends on has a value (so a bad partial choice
// is abandoned at once), and every check again on the complete configuration found. Every check evaluated, and
// the work it caused, is charged to the request's budget (budget.ts); past it the search gives up rather than guess.
import type { Ctx } from '../runtime/context';
import type { Val } from '../runtime/fault';
import type { Analysis, Space } from './analysis';
import type { Budget } from './budget';
import type { Check } from './check';
import { fails, type Solution, UNKNOWN } from './verdict';

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
  /** After a pass that failed: the positions of the searched fields it read, deepest first. */
  private conflict: number[] = [];

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
    // Setting up is work too: one unit per field and per check, so that a request cannot set up problems for free.
    budget.spend(fixed.length + a.checks.length);
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
   * the end. A field's score grows by one when a check of it gets its first placed field; the next field is the
   * top of a heap of (score, declaration order), so a product of thousands of searched fields is planned in
   * O((fields + dependencies) · log) and not quadratically. Once per first field.
   */
  private planFor(first: number): Plan {
    let plan = this.plans.get(first);
    if (plan) return plan;
    const { vars, open } = this;
    const slot = new Map(vars.map((v, j) => [v, j]));
    const checksOf: number[][] = vars.map(() => []);
    open.forEach(({ on }, k) => {
      for (const d of on) checksOf[slot.get(d)!]!.push(k);
    });
    const score = new Int32Array(vars.length);
    const placed = new Uint8Array(vars.length);
    const touched = new Uint8Array(open.length);
    const heap = new FieldHeap();
    vars.forEach((_, j) => {
      heap.push(0, j);
    });
    const order: number[] = [];
    const place = (j: number) => {
      placed[j] = 1;
      order.push(vars[j]!);
      for (const k of checksOf[j]!) {
        if (touched[k]) continue;
        touched[k] = 1;
        for (const d of open[k]!.on) {
          const i = slot.get(d)!;
          if (placed[i]) continue;
          heap.push(++score[i]!, i);
        }
      }
    };
    if (first >= 0) place(slot.get(first)!);
    while (order.length < vars.length) {
      const [s, j] = heap.pop()!;
      // Entries left behind by a later, higher score of the same field are skipped.
      if (!placed[j] && s === score[j]) place(j);
    }
    const position = new Map(order.map((v, k) => [v, k]));
    const at: Check[][] = order.map(() => []);
    for (const { check, on } of open) {
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
      if (this.dfs(0, only, prefer) === true) return [...this.values];
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

  /**
   * true when a solution extends the values placed before position k; else the positions before k whose values
   * took part in every failure below (their conflict set), so that the search jumps back to the deepest of them,
   * past the fields no failure read: a value past a table's last band fails whatever the fields placed after it,
   * and is refuted at once rather than under every combination of them (conflict-directed backjumping, Prosser's;
   * a failure's fields are those the failed pass read).
   */
  private dfs(
    k: number,
    only: ReadonlyMap<number, readonly Val[]>,
    prefer: (f: number, v: readonly Val[]) => readonly Val[],
  ): true | Set<number> {
    const plan = this.plan!;
    if (k === plan.order.length) {
      const ok = this.pass(this.a.checks, k - 1);
      if (ok === 'budget') throw OUT_OF_BUDGET;
      return ok || new Set(this.conflict);
    }
    const field = plan.order[k]!;
    const domain = only.get(field) ?? prefer(field, this.space.domains[field]!);
    const conflict = new Set<number>();
    for (const v of domain) {
      this.values[field] = v;
      const ok = this.pass(plan.at[k]!, k);
      if (ok === 'budget') throw OUT_OF_BUDGET;
      const found = ok ? this.dfs(k + 1, only, prefer) : new Set(this.conflict);
      if (found === true) return true;
      if (!found.has(k)) {
        // The failure read nothing placed here: no other value of this field can mend it.
        this.values[field] = undefined;
        return found;
      }
      for (const j of found) if (j !== k) conflict.add(j);
    }
    this.values[field] = undefined;
    return conflict;
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

  /**
   * Whether every check passes on the configuration so far; 'budget' when the budget ran out first. On false,
   * `conflict` holds the positions up to k of the searched fields the pass read.
   */
  private pass(checks: readonly Check[], k: number): boolean | 'budget' {
    if (checks.length === 0) return true;
    this.load(k);
    for (const check of checks) {
      if (!this.budget.spend(check.cost)) return 'budget';
      if (fails(this.c, check)) {
        const { c } = this;
        const order = this.plan!.order;
        this.conflict.length = 0;
        for (let j = Math.min(k, order.length - 1); j >= 0; j--) if (c.readIn[order[j]!] === c.epoch) this.conflict.push(j);
        return false;
      }
    }
    return true;
  }
}

/** A max-heap of fields by score, then by declaration order (the lower index first). */
class FieldHeap {
  private readonly items: [score: number, field: number][] = [];

  private above(a: [number, number], b: [number, number]): boolean {
    return a[0] > b[0] || (a[0] === b[0] && a[1] < b[1]);
  }

  push(score: number, field: number): void {
    const { items } = this;
    items.push([score, field]);
    let i = items.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.above(items[i]!, items[up]!)) break;
      [items[i], items[up]] = [items[up]!, items[i]!];
      i = up;
    }
  }

  pop(): [number, number] | undefined {
    const { items } = this;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < items.length && this.above(items[l]!, items[best]!)) best = l;
      if (r < items.length && this.above(items[r]!, items[best]!)) best = r;
      if (best === i) return top;
      [items[i], items[best]] = [items[best]!, items[i]!];
      i = best;
    }
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
