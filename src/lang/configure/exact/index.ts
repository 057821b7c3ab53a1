// Exact availability over a model's tables (issue 25): for every value of every searched field, either a solution
// that has it (a witness, which vouches for every value it holds) or a proof that none exists (the search over
// the tables, kept arc consistent, runs out). The same question and answers as the search of configure/index.ts
// (`Engine`), over the same domains, without its guesswork on large models. Fields the buyer has set are each
// freed in turn, the others kept; the sent fields are assigned by halves (each half once per level), so freeing
// each of n fields costs n log n assignments, not n².
import type { FieldIR } from '../../ir';
import type { Ctx } from '../../runtime/context';
import type { Val } from '../../runtime/fault';
import type { CompiledModel } from '../../runtime/model';
import type { Completions } from '../adjust';
import type { Analysis } from '../analysis';
import type { Budget } from '../budget';
import { type Solution, UNKNOWN } from '../search';
import { Solver } from './solver';
import { type Tables, tablesOf } from './tables';

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

/** Solutions found earlier, with one field changed, tried before a search for a value of a field the buyer set. */
const VARIANTS_TRIED = 8;

/** A solver per model at its level 0 (every table made consistent), and one to search in, reused by requests. */
export interface Kept {
  root: Solver;
  consistent: boolean;
  scratch: Solver;
}
const kept = new WeakMap<Tables, Kept>();

export function keptFor(t: Tables): Kept {
  let k = kept.get(t);
  if (k === undefined) {
    const root = new Solver(t);
    k = { root, consistent: !t.never && root.start(), scratch: new Solver(t) };
    kept.set(t, k);
  }
  return k;
}

/**
 * The exact answer for a partial configuration (`sent`: by field index, the value sent; undefined: not sent), or
 * undefined when the tables cannot hold the model or a sent value is not one of its field's domain (the caller then
 * searches as before).
 */
export function exactAvailability(
  m: CompiledModel,
  c: Ctx,
  a: Analysis,
  sent: readonly unknown[],
  budget: Budget,
): ExactAnswer | undefined {
  const t = tablesOf(m, c, a);
  if (t === null) return undefined;
  const fields = m.ir.fields;
  const fixed: [x: number, v: number][] = [];
  const ticked: [x: number, ids: readonly string[]][] = [];
  for (let x = 0; x < t.fields.length; x++) {
    const f = t.fields[x]!;
    const raw = sent[f];
    if (raw === undefined) continue;
    if (fields[f]!.valueType === 'list') {
      if (!Array.isArray(raw) || !raw.every((id) => typeof id === 'string')) return undefined;
      ticked.push([x, raw]);
      continue;
    }
    const v = t.values[x]!.indexOf(raw as Val);
    if (v < 0) return undefined;
    fixed.push([x, v]);
  }
  return new Availability(t, fields, budget, keptFor(t)).run(fixed, ticked);
}

/**
 * Soft defaults' completions (adjust.ts) over the model's tables, deciding one field at a time on one solver, or
 * undefined when the tables cannot hold the model or a value sent is not one of its field's domain.
 */
export function exactCompletions(
  m: CompiledModel,
  c: Ctx,
  a: Analysis,
  sent: readonly unknown[],
  budget: Budget,
): Completions | undefined {
  const t = tablesOf(m, c, a);
  if (t === null) return undefined;
  const k = keptFor(t);
  const fields = m.ir.fields;
  const s = k.scratch;
  s.copyFrom(k.root);
  let charged = 0;
  const stop = () => {
    budget.spend(s.operations - charged);
    charged = s.operations;
    return budget.spent;
  };
  let ok = k.consistent;
  for (let x = 0; x < t.fields.length; x++) {
    const f = t.fields[x]!;
    const values = t.values[x]!;
    const raw = sent[f];
    if (raw === undefined) continue;
    if (fields[f]!.valueType === 'list') {
      if (!Array.isArray(raw)) return undefined;
      // Ticked options stay ticked: the selections that hold them.
      for (let v = 0; v < values.length && ok; v++) {
        if (!raw.every((id) => (values[v] as readonly string[]).includes(id))) ok = s.remove(x, v);
      }
      continue;
    }
    const v = values.indexOf(raw as Val);
    if (v < 0) return undefined;
    ok &&= s.assign(x, v);
  }
  ok &&= s.propagate();
  // Defaults are tried first, so that a completion keeps as many as it can and few fields need a search of their own.
  const preferred = Int32Array.from(t.fields, (f, x) => t.values[x]!.indexOf(fields[f]!.fallback as Val));
  const fresh = (x: number, v: number) => v === preferred[x];
  const solve = (): Solution | null | typeof UNKNOWN => {
    const found = s.solve(fresh, stop);
    stop();
    if (found === undefined) return UNKNOWN;
    if (found === null) return null;
    const out: Solution = fields.map(() => undefined);
    found.forEach((v, x) => {
      out[t.fields[x]!] = t.values[x]![v];
    });
    return out;
  };
  const indexOf = (i: number, value: Val): [x: number, v: number] => {
    const x = t.varOf[i]!;
    return [x, x < 0 ? -1 : t.values[x]!.findIndex((y) => sameValue(y, value))];
  };
  return {
    first: () => (ok ? solve() : null),
    with: (i, value) => {
      const [x, v] = indexOf(i, value);
      if (v < 0 || !s.has(x, v)) return null;
      s.push();
      const found = s.assign(x, v) && s.propagate() ? solve() : null;
      s.pop();
      // A value no completion has is taken out for good: the searches after it start narrower.
      if (found === null && s.remove(x, v)) s.propagate();
      return found;
    },
    fix: (i, value) => {
      const [x, v] = indexOf(i, value);
      if (v >= 0 && s.assign(x, v)) s.propagate();
    },
  };
}

/** Values equal as the tables hold them: a multi-select's selection by its option ids. */
function sameValue(x: Val, y: Val): boolean {
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((id, k) => id === y[k]);
  return x === y;
}

class Availability {
  private readonly s: Solver;
  private complete = true;
  private charged = 0;
  private readonly verdicts: (Verdicts | undefined)[];

  constructor(
    private readonly t: Tables,
    private readonly fields: readonly FieldIR[],
    private readonly budget: Budget,
    private readonly k: Kept,
  ) {
    this.s = k.scratch;
    this.verdicts = fields.map(() => undefined);
  }

  run(fixed: [number, number][], ticked: [number, readonly string[]][]): ExactAnswer {
    const { t, s } = this;
    s.copyFrom(this.k.root);
    const isFixed = new Uint8Array(t.fields.length);
    for (const [x] of fixed) isFixed[x] = 1;
    const open = [...t.fields.keys()].filter((x) => !isFixed[x]);
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
    s.push();
    let sent = true;
    for (const [x, v] of fixed) sent &&= s.assign(x, v);
    sent &&= s.propagate();
    const found: Int32Array[] = [];
    const satisfiable = sent ? this.decide(open, found) : false;
    s.pop();
    if (satisfiable === false) for (const x of open) this.none(x);
    this.split(fixed, 0, fixed.length, found, satisfiable);
    this.charge();
    return { verdicts: this.verdicts, satisfiable, complete: this.complete && !this.budget.spent };
  }

  /**
   * The verdicts of the open variables' values in the current state, searching once first; whether the state has a
   * solution at all (undefined: not known).
   */
  private decide(open: number[], found: Int32Array[]): boolean | undefined {
    const { t, s } = this;
    const seen = new Uint8Array(t.totalValues);
    const record = (solution: Int32Array) => {
      found.push(solution);
      for (let x = 0; x < solution.length; x++) seen[t.offset[x]! + solution[x]!] = 1;
    };
    const fresh = (x: number, v: number) => seen[t.offset[x]! + v] === 0;
    const first = s.solve(fresh, this.stop);
    if (first === undefined) {
      this.complete = false;
      return undefined;
    }
    if (first === null) return false;
    record(first);
    for (const x of open) {
      const field = this.fields[t.fields[x]!]!;
      if (field.valueType === 'list') this.selections(x, field, seen, fresh, record);
      else this.values(x, seen, fresh, record);
    }
    return true;
  }

  /** A field's values in the current state: seen in a solution, not in the domain, or searched with it assigned. */
  private values(x: number, seen: Uint8Array, fresh: (x: number, v: number) => boolean, record: (s: Int32Array) => void) {
    const { t, s } = this;
    const v = this.verdictsOf(x);
    const values = t.values[x]!;
    for (let k = 0; k < values.length; k++) {
      if (seen[t.offset[x]! + k]) v.set(values[k]!, true);
      else if (!s.has(x, k)) v.set(values[k]!, false);
      else v.set(values[k]!, this.excludeUnless(x, k, this.searchWith(x, fresh, record, k)));
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
    for (const { id } of field.options ?? []) {
      if (shown.has(id)) v.set(id, true);
      else {
        const ok = this.searchWith(x, fresh, record, (u) => selections[u]!.includes(id));
        v.set(id, ok);
        if (ok) collect();
      }
    }
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
    const solution = ok ? s.solve(fresh, this.stop) : null;
    s.pop();
    if (solution === undefined) {
      this.complete = false;
      return undefined;
    }
    if (solution === null) return false;
    record(solution);
    return true;
  }

  /**
   * The verdicts of the fixed variables fixed[lo..hi), each freed with every other one assigned: the other half is
   * assigned once for all of this half, then each half again within it.
   */
  private split(fixed: [number, number][], lo: number, hi: number, found: Int32Array[], sent: boolean | undefined): void {
    if (hi - lo === 0) return;
    if (hi - lo === 1) {
      this.freed(fixed[lo]!, found, sent);
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
      for (let j = other; j < end && ok; j++) ok = s.assign(fixed[j]![0], fixed[j]![1]);
      ok &&= s.propagate();
      if (ok) this.split(fixed, from, to, found, sent);
      else for (let j = from; j < to; j++) this.none(fixed[j]![0]);
      s.pop();
    }
  }

  /**
   * The values of a sent field with every other sent field assigned; its sent value completes exactly when the
   * configuration as sent does (`sent`).
   */
  private freed([x, sentValue]: [number, number], found: Int32Array[], sent: boolean | undefined): void {
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
      if (k === sentValue) v.set(values[k]!, sent);
      else if (!s.has(x, k)) v.set(values[k]!, false);
      else if (seen[k] || this.variant(found, x, k)) v.set(values[k]!, true);
      else v.set(values[k]!, this.excludeUnless(x, k, this.searchWith(x, fresh, record, k)));
    }
  }

  /** Whether one of the last solutions of the configuration as sent, with x changed to v, is still one. */
  private variant(found: Int32Array[], x: number, v: number): boolean {
    for (let k = found.length - 1; k >= 0 && k >= found.length - VARIANTS_TRIED; k--) {
      if (this.s.allows(found[k]!, x, v)) return true;
    }
    return false;
  }

  private none(x: number): void {
    const v = this.verdictsOf(x);
    const field = this.fields[this.t.fields[x]!]!;
    if (field.valueType === 'list') for (const { id } of field.options ?? []) v.set(id, false);
    else for (const value of this.t.values[x]!) v.set(value, false);
  }

  /** A field's verdicts, one unit charged per value it will hold (one per value tried, as in search.ts). */
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
