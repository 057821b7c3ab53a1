// Exact availability over a model's tables (issue 25): for every value of every searched field, either a solution
// that has it (a witness, which vouches for every value it holds) or a proof that none exists (the search over
// the tables, kept arc consistent, runs out), over the analysis's domains (analysis.ts); the one availability
// algorithm of configure (issue 33, one engine). Fields the buyer has set are each
// freed in turn, the others kept. Most of their values are decided by their own tables with the other choices sent,
// without a state of their own; the fields left undecided are assigned by halves (each half once per level), so
// freeing each of n of them costs n log n assignments, not n².
import type { FieldIR } from '../../ir';
import type { CompiledModel } from '../../runtime/compiled-model';
import type { Ctx } from '../../runtime/context';
import type { Val } from '../../runtime/fault';
import type { Analysis } from '../analysis';
import type { Budget } from '../budget';
import type { Check } from '../check';
import { Learned } from './learned';
import { ResidualChecks } from './residual';
import { Solver } from './solver';
import type { Tables } from './tables';
import { asRead, isRequests, tablesFor } from './typed';

/** Per field: value (an option id for a multi-select) → completable (true), not (false), or not known (undefined). */
export type Verdicts = Map<Val, boolean | undefined>;

export interface ExactAnswer {
  /** By field index; undefined for a field no check depends on. */
  verdicts: (Verdicts | undefined)[];
  /** Whether the configuration as sent can be completed; undefined when the budget ran out first. */
  satisfiable: boolean | undefined;
  /** false when the budget ran out: values not decided are then left undefined. */
  complete: boolean;
}

/**
 * Solutions found earlier, with one field changed, tried before a search for a value of a field the buyer set: on
 * the car line's costliest states 32 took 7 % less work than 8 (a value vouched for without its search), 128 more
 * (the values no solution has are tried against every one).
 */
const VARIANTS_TRIED = 32;
/**
 * Known solutions with the value searched for that a search looks at to start its repair from the nearest (the
 * latest first): on the car line with equipment lists 32, 64 and 128 completed 92, 92 and 94 of 100 answers, and
 * looking at 64 took a third of the work of looking at all of them.
 */
const NEAREST_VISITED = 64;

/**
 * A solver per model at its level 0 (every table made consistent, and every value no solution has taken out once
 * the root is settled), one to search in, reused by requests, and solutions found while settling.
 */
export interface Kept {
  root: Solver;
  consistent: boolean;
  scratch: Solver;
  /** Whether every value left in the root is one some solution has (then an empty request needs no search). */
  settled: boolean;
  /** Solutions found while settling (at most POOL_SIZE): a request tries them before searching. */
  pool: readonly Int32Array[];
  /** What requests proved, for the next ones. */
  learned: Learned;
  /**
   * The last first completion soft defaults found (soft-defaults/completions.ts), defaults preferred: the next
   * request's first search repairs it to its own choices.
   */
  completion: Int32Array | undefined;
  /**
   * The variables, those in the most tables first: the order a request decides its open fields in, so that the
   * values the most constrained refute narrow the others before their turn (the car line's hub, in 150 tables,
   * then its partners: over 88 walks 0.8 % less work, the costliest state of one choice 1.82 million units, not 2.01).
   */
  order: readonly number[];
}
const kept = new WeakMap<Tables, Kept>();

/**
 * Operations the model's own settling may take, once per version and isolate (beside building the tables): the
 * generated models settle in 0.3–3.8 million (270 × 330, 150 × 174, 150 × 174 with 2,000-row tables: 45–90 ms in
 * node, 12–17 solutions kept). Past it, what was proven stays and the rest is left to each request's search.
 */
const SETTLE_OPERATIONS = 12_000_000;
/** Solutions kept to vouch for values before searching: a few hundred, each one value per variable. */
const POOL_SIZE = 256;

/**
 * The model's kept solvers, settled on first use. `closed`: the residual checks that read nothing a request sends
 * (residual.ts), which settling verifies (asked for only then); those that do are left to each request.
 */
function keptFor(t: Tables, closed: () => ResidualChecks): Kept {
  let k = kept.get(t);
  if (k === undefined) {
    const root = new Solver(t);
    const scratch = new Solver(t);
    const consistent = !t.never && root.start();
    const order = [...t.values.keys()].sort((x, y) => t.tablesOf[y]!.length - t.tablesOf[x]!.length || x - y);
    const learned = new Learned(t.offset, t.totalValues);
    k = { root, consistent, scratch, settled: false, pool: [], learned, order, completion: undefined };
    // A request's tables (typed.ts) are searched from their consistent root: settling is the model's work. Tables
    // past a multi-select's selections are not settled either: what settling refutes there is only not known, and
    // deciding each of its selections cost more than it saved (five such fields, paired by checks verified by
    // evaluation: the first configure 190 ms settled, 8 ms not).
    if (consistent && !isRequests(t) && !t.partial) settle(t, k, closed());
    kept.set(t, k);
  }
  return k;
}

/** The model's solvers, settled once per version and isolate: the model's own work, before a request's budget. */
export function settledFor(m: CompiledModel, c: Ctx, a: Analysis, t: Tables): Kept {
  return keptFor(t, () => new ResidualChecks(c, a, t, [], m.ir.quantity.default, true));
}

/**
 * What a request's use of the tables needs: its residual checks (with `own`, the request's: kept-active.ts), and
 * the model's solvers settled.
 */
export function exactFor(
  m: CompiledModel,
  c: Ctx,
  a: Analysis,
  t: Tables,
  sent: readonly unknown[],
  quantity: number,
  own: readonly Check[] = [],
): { k: Kept; residual: ResidualChecks } {
  return { k: settledFor(m, c, a, t), residual: new ResidualChecks(c, a, t, sent, quantity, false, own) };
}

/**
 * Decides every value of the root once: one a solution has stays (the solution kept in the pool while there is
 * room), one no solution has is taken out of the root for good, since no request's choices can give it one.
 */
function settle(t: Tables, k: Kept, closed: ResidualChecks): void {
  const s = k.scratch;
  s.copyFrom(k.root);
  s.accept = closed.none ? undefined : closed.holdsIn;
  const pool: Int32Array[] = [];
  const seen = new Uint8Array(t.totalValues);
  const record = (solution: Int32Array) => {
    if (pool.length < POOL_SIZE) pool.push(solution);
    for (let x = 0; x < solution.length; x++) seen[t.offset[x]! + solution[x]!] = 1;
  };
  const fresh = (x: number, v: number) => seen[t.offset[x]! + v] === 0;
  // The residual checks' evaluations count too: the context's work, in the same units.
  const work = closed.work;
  const stop = () => s.operations + closed.work - work > SETTLE_OPERATIONS;
  let settled = true;
  const first = s.solve(fresh, stop);
  if (first) record(first);
  else settled = false;
  for (let x = 0; x < t.values.length && settled; x++) {
    for (let v = 0; v < t.values[x]!.length && settled; v++) {
      if (seen[t.offset[x]! + v] || !s.has(x, v)) continue;
      if (stop()) {
        settled = false;
        break;
      }
      const near = variantAt(s, closed, pool, x, v);
      if (near >= 0) {
        const solution = pool[near]!.slice();
        solution[x] = v;
        record(solution);
        continue;
      }
      s.push();
      const found = s.assign(x, v) && s.propagate() ? s.solve(fresh, stop, pool[pool.length - 1]) : null;
      s.pop();
      if (found === undefined) settled = false;
      else if (found) record(found);
      else if (!(s.remove(x, v) && s.propagate())) settled = false;
    }
  }
  s.accept = undefined;
  // The values proven to have no solution leave the root with everything they implied.
  k.root.copyFrom(s);
  k.settled = settled;
  k.pool = pool;
  k.learned.keep(pool);
}

/**
 * Which of the last solutions of `found` is still one with variable x changed to value v (-1: none): on a loose
 * model most values are vouched for this way, without a search of their own.
 */
function variantAt(s: Solver, residual: ResidualChecks, found: readonly Int32Array[], x: number, v: number): number {
  for (let k = found.length - 1; k >= 0 && k >= found.length - VARIANTS_TRIED; k--) {
    if (s.allows(found[k]!, x, v) && residual.holdsWith(found[k]!, x, v)) return k;
  }
  return -1;
}

/**
 * The exact answer for a partial configuration (`sent`: by field index, the value sent, a multi-select's a list of
 * distinct option ids as request.ts reads it; undefined: not sent; a value none of its field's read as evaluation
 * reads it: typed.ts, asRead), over the tables that hold its values.
 */
export function exactAvailability(
  m: CompiledModel,
  c: Ctx,
  a: Analysis,
  sent: readonly unknown[],
  quantity: number,
  budget: Budget,
  own: readonly Check[] = [],
): ExactAnswer {
  sent = asRead(m, sent);
  const t = tablesFor(m, c, a, sent);
  const fields = m.ir.fields;
  const fixed: [x: number, v: number][] = [];
  const ticked: [x: number, ids: readonly string[]][] = [];
  for (let x = 0; x < t.fields.length; x++) {
    const f = t.fields[x]!;
    const raw = sent[f];
    if (raw === undefined) continue;
    if (fields[f]!.valueType === 'list') ticked.push([x, raw as string[]]);
    else fixed.push([x, t.values[x]!.indexOf(raw as Val)]);
  }
  const { k, residual } = exactFor(m, c, a, t, sent, quantity, own);
  const answer = new Availability(t, fields, budget, k, residual).run(fixed, ticked);
  // A value added to the tables (typed.ts) is answered for the field's own values, as any other.
  for (const [x, v] of fixed) {
    const f = t.fields[x]!;
    if (!a.domains[f]!.includes(t.values[x]![v]!)) answer.verdicts[f]?.delete(t.values[x]![v]!);
  }
  return t.partial ? notRefuted(answer) : answer;
}

/**
 * The answer over tables that leave some selections out (Tables.partial): a value no solution among them has, or a
 * configuration none completes, is not known rather than refuted (the search of the selections left out is not
 * made), and the answer is then incomplete.
 */
function notRefuted(answer: ExactAnswer): ExactAnswer {
  let { complete, satisfiable } = answer;
  if (satisfiable === false) {
    satisfiable = undefined;
    complete = false;
  }
  for (const verdicts of answer.verdicts) {
    for (const [value, verdict] of verdicts ?? []) {
      if (verdict !== false) continue;
      verdicts!.set(value, undefined);
      complete = false;
    }
  }
  return { verdicts: answer.verdicts, satisfiable, complete };
}

/**
 * Of the solutions known (the model's settled pool and what requests learned, exact/learned.ts; `own`: a request's
 * own, when it does not keep them for the model) with variable x as `keep` asks, the one the current state of `s` leaves the fewest values of: a
 * repair from it changes the least. On the car line with equipment lists, starting from the last solution found, a
 * search for one of the hub's 40 values changed the hub and broke its tight tables, and most repairs failed: 171 of
 * 300 answers complete within the budget; 287 starting from the nearest known.
 */
export function nearestKnown(
  s: Solver,
  k: Kept,
  x: number,
  keep: number | ((v: number) => boolean),
  own?: readonly Int32Array[],
): Int32Array | undefined {
  if (s.accept !== undefined) return undefined;
  const { t } = s;
  // Only the variables the state narrowed can leave a solution's value out.
  const narrowed: number[] = [];
  const root = k.root.size;
  for (let y = 0; y < root.length; y++) if (s.size[y]! < root[y]!) narrowed.push(y);
  s.operations += root.length;
  let best: Int32Array | undefined;
  let fewest = Number.POSITIVE_INFINITY;
  let visited = 0;
  const visit = (solution: Int32Array): boolean => {
    let out = 0;
    for (let j = 0; j < narrowed.length && out < fewest; j++) {
      const y = narrowed[j]!;
      if (!s.alive[t.offset[y]! + solution[y]!]) out++;
    }
    s.operations += narrowed.length;
    if (out < fewest) {
      fewest = out;
      best = solution;
    }
    return ++visited < NEAREST_VISITED && fewest > 0;
  };
  for (let v = 0; v < t.values[x]!.length && visited < NEAREST_VISITED && fewest > 0; v++) {
    if (typeof keep === 'number' ? v !== keep : !s.has(x, v) || !keep(v)) continue;
    k.learned.withValue(t.offset[x]! + v, visit, s.count);
    for (const solution of own ?? []) if (solution[x] === v && !visit(solution)) break;
  }
  return best;
}

/** A value's verdict known before a search (null: not yet). */
type Known = boolean | undefined | null;
/** A sent field whose values are not all decided without a state of its own: its variable, sent value, verdicts. */
type Freed = [x: number, v: number, known: Known[]];

class Availability {
  private readonly s: Solver;
  private complete = true;
  private charged = 0;
  private readonly verdicts: (Verdicts | undefined)[];
  /** By sent field's variable: the pool's solutions that keep every other choice sent and change this one. */
  private readonly near = new Map<number, Int32Array[]>();
  /** The last solution found, which a search first tries to repair (Solver.solve). */
  private hint: Int32Array | undefined;
  /** The values of open fields proven to have no solution with every choice sent (flat), for the next requests. */
  private readonly refuted: number[] = [];
  /**
   * Whether what this request proves holds for any other (Learned): no residual check limits its solutions (they
   * may read what it sends), no multi-select narrowed by its ticks.
   */
  private learns = false;
  /**
   * Whether the solutions it finds are kept for the next requests (Learned): they are the model's unless a residual
   * check limits them; ticks only choose among them (fromPool checks each against a request's). On the car line with
   * equipment lists a buyer who ticked a pack searched again at each step what the step before had found.
   */
  private keeps = false;
  /** The solutions of the configuration as sent found so far: the model's that keep its choices, then this request's. */
  private readonly found: Int32Array[] = [];

  constructor(
    private readonly t: Tables,
    private readonly fields: readonly FieldIR[],
    private readonly budget: Budget,
    private readonly k: Kept,
    private readonly residual: ResidualChecks,
  ) {
    this.s = k.scratch;
    this.verdicts = fields.map(() => undefined);
  }

  run(fixed: [number, number][], ticked: [number, readonly string[]][]): ExactAnswer {
    const { s } = this;
    s.accept = this.residual.none ? undefined : this.residual.holdsIn;
    const answer = this.answer(fixed, ticked);
    s.accept = undefined;
    return answer;
  }

  private answer(fixed: [number, number][], ticked: [number, readonly string[]][]): ExactAnswer {
    const { t, s } = this;
    s.copyFrom(this.k.root);
    const isFixed = new Uint8Array(t.fields.length);
    for (const [x] of fixed) isFixed[x] = 1;
    const open = this.k.order.filter((x) => !isFixed[x]);
    // Ticked options stay ticked: a multi-select keeps the selections that hold them.
    let ok = this.k.consistent;
    for (const [x, ids] of ticked) {
      t.values[x]!.forEach((selection, v) => {
        if (ok && !ids.every((id) => (selection as readonly string[]).includes(id))) ok = s.remove(x, v);
      });
    }
    if (!(ok && s.propagate())) {
      for (const x of t.fields.keys()) this.none(x);
      return { verdicts: this.verdicts, satisfiable: false, complete: true };
    }
    this.learns = this.residual.none && ticked.length === 0;
    this.keeps = this.residual.none;
    const { found } = this;
    const seen = this.fromPool(fixed, ticked, found);
    const at = new Int32Array(t.fields.length).fill(-1);
    for (const [x, v] of fixed) at[x] = v;
    const known = fixed.map(([x, v]) => this.unaided(x, v, at));
    const undecided = known.map((values) => values.includes(null));
    // The sent fields whose values are all decided already are assigned first: that state is the one the others
    // are freed in (`free`), and the configuration as sent is a few assignments from it.
    s.push();
    let kept = true;
    fixed.forEach(([x, v], j) => {
      if (!undecided[j]) kept &&= s.assign(x, v);
    });
    kept &&= s.propagate();
    s.push();
    let sent = kept;
    fixed.forEach(([x, v], j) => {
      if (undecided[j]) sent &&= s.assign(x, v);
    });
    sent &&= s.propagate();
    const choices = Int32Array.from(fixed, ([x, v]) => t.offset[x]! + v);
    sent &&= this.learnedOut(choices);
    const satisfiable = sent ? this.decide(open, found, seen) : false;
    s.pop();
    if (satisfiable === false) for (const x of open) this.none(x);
    this.free(fixed, known, found, satisfiable, kept);
    s.pop();
    if (this.learns) this.k.learned.refuted(choices, this.refuted);
    this.charge();
    return { verdicts: this.verdicts, satisfiable, complete: this.complete && !this.budget.spent };
  }

  /**
   * Takes out of the current state, where every choice sent is made, the values earlier requests proved to have no
   * solution with some of them; false when that leaves no solution.
   */
  private learnedOut(choices: Int32Array): boolean {
    const { s } = this;
    const chosen = new Uint8Array(this.t.totalValues);
    for (const v of choices) chosen[v] = 1;
    s.operations += choices.length;
    const count = (n: number) => {
      s.operations += n;
    };
    return this.k.learned.refutedWith(chosen, (v) => s.removeFlat(v), count) && s.propagate();
  }

  /**
   * The verdicts of the open variables' values in the current state, searching once first; whether the state has a
   * solution at all (undefined: not known).
   */
  private decide(open: number[], found: Int32Array[], seen: Uint8Array): boolean | undefined {
    const { t, s } = this;
    const record = (solution: Int32Array) => {
      found.push(solution);
      if (this.keeps) this.k.learned.solved(solution);
      for (let x = 0; x < solution.length; x++) seen[t.offset[x]! + solution[x]!] = 1;
    };
    const fresh = (x: number, v: number) => seen[t.offset[x]! + v] === 0;
    this.hint = found[found.length - 1];
    if (found.length === 0) {
      // Soft defaults' last completion is one of the same tables, a repair away from this state (often one of it).
      const first = s.solve(fresh, this.stop, this.k.completion);
      if (first === undefined) {
        this.complete = false;
        return undefined;
      }
      if (first === null) return false;
      record(first);
      this.hint = first;
    }
    for (const x of open) {
      const field = this.fields[t.fields[x]!]!;
      if (field.valueType === 'list') this.selections(x, field, seen, fresh, record);
      else this.values(x, found, seen, fresh, record);
    }
    return true;
  }

  /**
   * The values the settled root's solutions vouch for in this request: every value left in the root when nothing is
   * set, else those of the pool's solutions that keep every choice sent (added to `found`). The pool's solutions
   * that differ from the choices sent in one field only are kept for that field's turn (`freed`).
   */
  private fromPool(fixed: [number, number][], ticked: [number, readonly string[]][], found: Int32Array[]): Uint8Array {
    const { t, k, s } = this;
    const seen = new Uint8Array(t.totalValues);
    // Settling verified the residual checks that read nothing the request sends; the others each solution here.
    if (k.settled && fixed.length === 0 && ticked.length === 0 && !this.residual.readsInputs) {
      seen.set(s.alive);
      found.push(...k.pool.slice(-VARIANTS_TRIED));
      return seen;
    }
    const holds = (solution: Int32Array) =>
      ticked.every(([x, ids]) => ids.every((id) => (t.values[x]![solution[x]!] as readonly string[]).includes(id)));
    for (const solution of [...k.pool, ...k.learned.solutions]) {
      // Each one may be evaluated against the residual checks: within the budget.
      if (this.stop()) {
        this.complete = false;
        break;
      }
      this.s.operations += fixed.length;
      let differs = -1;
      for (const [x, v] of fixed) {
        if (solution[x] === v) continue;
        differs = differs === -1 ? x : -2;
        if (differs === -2) break;
      }
      if (differs === -2 || !holds(solution) || !this.residual.holds(solution)) continue;
      if (differs >= 0) {
        const near = this.near.get(differs);
        if (near) near.push(solution);
        else this.near.set(differs, [solution]);
        continue;
      }
      found.push(solution);
      for (let x = 0; x < solution.length; x++) seen[t.offset[x]! + solution[x]!] = 1;
    }
    return seen;
  }

  /**
   * A field's values in the current state: seen in a solution, not in the domain, in a variant of one of the last
   * solutions, or searched with it assigned.
   */
  private values(
    x: number,
    found: Int32Array[],
    seen: Uint8Array,
    fresh: (x: number, v: number) => boolean,
    record: (s: Int32Array) => void,
  ) {
    const { t, s } = this;
    const v = this.verdictsOf(x);
    const values = t.values[x]!;
    // The values no solution has shown yet are searched together first: a solution shows one (or more) at a time,
    // and once none is found every value left is refuted by that one search, where one search each took the budget
    // on the equipment lists of test/fixtures/car-line-hard.ts.
    const wanted = new Uint8Array(values.length);
    let none = false;
    for (;;) {
      let left = 0;
      for (let k = 0; k < values.length; k++) {
        wanted[k] = !seen[t.offset[x]! + k] && s.has(x, k) && !this.variant(found, x, k) ? 1 : 0;
        left += wanted[k]!;
      }
      if (left < 2) break;
      const completes = this.searchWith(x, fresh, record, (k) => wanted[k] === 1);
      none = completes === false;
      if (completes !== true) break;
    }
    for (let k = 0; k < values.length; k++) {
      if (seen[t.offset[x]! + k]) v.set(values[k]!, true);
      else if (!s.has(x, k)) v.set(values[k]!, false);
      else if (none && wanted[k]) {
        this.refuted.push(t.offset[x]! + k);
        v.set(values[k]!, this.excludeUnless(x, k, false));
      } else if (this.variant(found, x, k)) v.set(values[k]!, true);
      else {
        const completes = this.searchWith(x, fresh, record, k);
        if (completes === false) this.refuted.push(t.offset[x]! + k);
        v.set(values[k]!, this.excludeUnless(x, k, completes));
      }
    }
  }

  /** A value no solution has is taken out of the current state, which narrows the searches after it. */
  private excludeUnless(x: number, k: number, found: boolean | undefined): boolean | undefined {
    if (found === false && this.s.remove(x, k)) this.s.propagate();
    return found;
  }

  /** A multi-select's options: an option can be ticked when some solution's selection holds it. */
  private selections(
    x: number,
    field: FieldIR,
    seen: Uint8Array,
    fresh: (x: number, v: number) => boolean,
    record: (s: Int32Array) => void,
  ) {
    const { t } = this;
    const v = this.verdictsOf(x);
    const selections = t.values[x] as readonly (readonly string[])[];
    const shown = new Set<string>();
    const collect = () => {
      selections.forEach((sel, k) => {
        if (seen[t.offset[x]! + k]) for (const id of sel) shown.add(id);
      });
    };
    collect();
    // As a choice field's values (values): the options not shown yet together first, until none is left to show.
    const options = (field.options ?? []).map((o) => o.id);
    let none = false;
    for (;;) {
      const hidden = options.filter((id) => !shown.has(id));
      if (hidden.length < 2) break;
      this.widest(x, selections, hidden);
      const ok = this.searchWith(x, fresh, record, (u) => hidden.some((id) => selections[u]!.includes(id)));
      none = ok === false;
      if (ok !== true) break;
      collect();
    }
    for (const { id } of field.options ?? []) {
      if (shown.has(id)) v.set(id, true);
      else if (none) v.set(id, false);
      else {
        const ok = this.searchWith(x, fresh, record, (u) => selections[u]!.includes(id));
        v.set(id, ok);
        if (ok) collect();
      }
    }
  }

  /**
   * Points the last solution's repair (Solver.solve) at the selection of x left that ticks the most of `hidden` and
   * that x's tables allow with the solution's other values (else the repair returned a configuration they refuse): a
   * solution then shows up to max_selected options not shown yet, where the domain's first selection left (the
   * smallest) showed one a search, and the equipment lists of test/fixtures/car-line-hard.ts took one search an option.
   */
  private widest(x: number, selections: readonly (readonly string[])[], hidden: readonly string[]): void {
    if (this.hint === undefined) return;
    let best = -1;
    let most = 0;
    for (let u = 0; u < selections.length; u++) {
      if (!this.s.has(x, u)) continue;
      let n = 0;
      for (const id of selections[u]!) if (hidden.includes(id)) n++;
      // The hint stays a solution: the repair checks only the tables of the variables it changes.
      if (n > most && this.s.allows(this.hint, x, u)) {
        most = n;
        best = u;
      }
    }
    this.s.operations += selections.length;
    if (best < 0) return;
    this.hint = this.hint.slice();
    this.hint[x] = best;
  }

  /** Searches with variable x kept to value `keep` (or the values it accepts): whether a solution exists (undefined: not known). */
  private searchWith(
    x: number,
    fresh: (x: number, v: number) => boolean,
    record: (s: Int32Array) => void,
    keep: number | ((v: number) => boolean),
  ): boolean | undefined {
    const { s, t } = this;
    if (this.budget.spent) {
      this.complete = false;
      return undefined;
    }
    s.push();
    let ok = true;
    if (typeof keep === 'number') ok = s.assign(x, keep);
    else for (let u = 0; u < t.values[x]!.length && ok; u++) if (s.has(x, u) && !keep(u)) ok = s.remove(x, u);
    ok &&= s.propagate();
    // From the nearest known solution, then from the last one (for a multi-select, the one `widest` points at the
    // selection showing the most options not shown yet).
    const solution = ok
      ? s.solve(fresh, this.stop, nearestKnown(s, this.k, x, keep, this.keeps ? undefined : this.found) ?? this.hint, this.hint)
      : null;
    s.pop();
    if (solution) this.hint = solution;
    if (solution === undefined) {
      this.complete = false;
      return undefined;
    }
    if (solution === null) return false;
    record(solution);
    return true;
  }

  /**
   * The verdicts of the sent fields, each freed with every other one kept, in the state where the fields `unaided`
   * decided are assigned: the sent value completes exactly when the configuration as sent does (`sent`), one of the
   * last solutions found with the field changed vouches for a value; the fields left with a value undecided are
   * freed by halves (`split`), the others assigned (none completes when that state, `kept`, has no solution).
   */
  private free(fixed: [number, number][], known: Known[][], found: Int32Array[], sent: boolean | undefined, kept: boolean): void {
    const { t, s } = this;
    const left: Freed[] = [];
    const others: [number, number][] = [];
    fixed.forEach(([x, v], j) => {
      const values = known[j]!;
      const undecided = values.includes(null);
      values[v] = sent;
      for (let k = 0; k < values.length; k++) if (values[k] === null && this.variant(found, x, k)) values[k] = true;
      if (values.includes(null)) left.push([x, v, values]);
      else {
        if (undecided) others.push([x, v]);
        const verdicts = this.verdictsOf(x);
        t.values[x]!.forEach((value, k) => {
          verdicts.set(value, values[k] as boolean | undefined);
        });
      }
    });
    if (left.length === 0) return;
    s.push();
    let ok = kept;
    for (const [x, v] of others) ok &&= s.assign(x, v);
    ok &&= s.propagate();
    if (ok) this.split(left, 0, left.length);
    else for (const [x] of left) this.none(x);
    s.pop();
  }

  /**
   * A sent field's values as decided without a state of their own (null: undecided; its sent value's verdict is
   * the configuration's, set by `free`): a value the request's level 0 has not, or that one of its field's tables
   * allows with none of the other choices sent, completes with none; a solution kept with only this field changed
   * vouches for its value.
   */
  private unaided(x: number, sentValue: number, at: Int32Array): Known[] {
    const { t, s } = this;
    const n = t.values[x]!.length;
    const near = new Uint8Array(n);
    for (const solution of this.near.get(x) ?? []) near[solution[x]!] = 1;
    const keep = new Uint8Array(n);
    for (let k = 0; k < n; k++) keep[k] = k !== sentValue && s.has(x, k) ? 1 : 0;
    s.unsupported(at, x, keep);
    const known = new Array<Known>(n);
    for (let k = 0; k < n; k++) {
      if (k === sentValue) known[k] = undefined;
      else if (!keep[k]) known[k] = false;
      else known[k] = near[k] ? true : null;
    }
    return known;
  }

  /**
   * The verdicts of the fields undecided[lo..hi), each freed with every other one assigned: the other half is
   * assigned once for all of this half, then each half again within it.
   */
  private split(undecided: Freed[], lo: number, hi: number): void {
    if (hi - lo === 0) return;
    if (hi - lo === 1) {
      this.freed(undecided[lo]!);
      return;
    }
    const mid = (lo + hi) >> 1;
    for (const [from, to, other, end] of [
      [lo, mid, mid, hi],
      [mid, hi, lo, mid],
    ] as const) {
      const { s } = this;
      s.push();
      let ok = true;
      for (let j = other; j < end && ok; j++) ok = s.assign(undecided[j]![0], undecided[j]![1]);
      ok &&= s.propagate();
      if (ok) this.split(undecided, from, to);
      else for (let j = from; j < to; j++) this.none(undecided[j]![0]);
      s.pop();
    }
  }

  /** The undecided values of a sent field with every other sent field assigned: not in the domain, or searched. */
  private freed([x, , known]: Freed): void {
    const { t, s } = this;
    const v = this.verdictsOf(x);
    const values = t.values[x]!;
    // Only x's values are asked: a solution found here vouches for its value of x.
    const seen = new Uint8Array(values.length);
    const record = (solution: Int32Array) => {
      seen[solution[x]!] = 1;
    };
    const fresh = (y: number, u: number) => y !== x || seen[u] === 0;
    for (let k = 0; k < values.length; k++) {
      const verdict = known[k];
      if (verdict !== null) v.set(values[k]!, verdict);
      else if (!s.has(x, k)) v.set(values[k]!, false);
      else if (seen[k]) v.set(values[k]!, true);
      else v.set(values[k]!, this.excludeUnless(x, k, this.searchWith(x, fresh, record, k)));
    }
  }

  /** Whether one of the last solutions of the configuration as sent, with x changed to v, is still one. */
  private variant(found: Int32Array[], x: number, v: number): boolean {
    // Past the budget no variant is tried: the search after it says the value is not known.
    return !this.stop() && variantAt(this.s, this.residual, found, x, v) >= 0;
  }

  private none(x: number): void {
    const v = this.verdictsOf(x);
    const field = this.fields[this.t.fields[x]!]!;
    if (field.valueType === 'list') for (const { id } of field.options ?? []) v.set(id, false);
    else for (const value of this.t.values[x]!) v.set(value, false);
  }

  /** A field's verdicts, one unit charged per value it will hold. */
  private verdictsOf(x: number): Verdicts {
    this.budget.spend(this.t.values[x]!.length);
    const f = this.t.fields[x]!;
    let v = this.verdicts[f];
    if (v === undefined) {
      v = new Map();
      this.verdicts[f] = v;
    }
    return v;
  }

  /** Charges the solver's operations done since the last charge. */
  private charge(): void {
    this.budget.spend(this.s.operations - this.charged);
    this.charged = this.s.operations;
  }

  private readonly stop = (): boolean => {
    this.charge();
    return this.budget.spent;
  };
}
