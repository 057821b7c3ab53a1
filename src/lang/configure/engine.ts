// Availability by the search (search.ts), where the exact engine (exact/) cannot answer: a model its tables cannot hold
// (a multi-select past its selections), or a request sending a value no table holds (a
// multi-select sent what is no list of option ids, or a number typed off its points where the model's tabulated rows
// were too many to keep: exact/typed.ts). For every searched value of every field the checks depend on, a solution that has it (which vouches
// for every value it holds) or a search that finds none. Fields not sent share one search; fields sent are each freed
// in turn, the others kept.
import type { FieldIR } from '../ir';
import type { Ctx } from '../runtime/context';
import type { Val } from '../runtime/fault';
import type { Analysis, Space } from './analysis';
import type { Budget } from './budget';
import type { ExactAnswer, Verdicts } from './exact/index';
import type { KeptActive } from './kept-active';
import { maxSelected } from './reasons';
import { Problem } from './search';
import { type Solution, UNKNOWN } from './verdict';

/** Earlier solutions tried, with one field changed, before searching for a value afresh. */
const VARIANTS_TRIED = 4;

export class Engine {
  complete = true;
  /** Whether the configuration as sent can be completed at all (undefined: not known). */
  satisfiable: boolean | undefined;

  /** The analysis a completion of the configuration as sent is searched with. */
  private readonly a: Analysis;

  constructor(
    private readonly c: Ctx,
    private readonly kept: KeptActive,
    private readonly space: Space,
    private readonly fields: readonly FieldIR[],
    private readonly quantity: number,
    private readonly sent: readonly unknown[],
    private readonly budget: Budget,
  ) {
    this.a = kept.base;
  }

  /** The verdicts, and what the search learned on the way. */
  answer(): ExactAnswer {
    const verdicts = this.run();
    return { verdicts, satisfiable: this.satisfiable, complete: this.complete };
  }

  /** Verdicts for every searched value of every field the checks depend on. */
  run(): (Verdicts | undefined)[] {
    const { a, sent } = this;
    const out: (Verdicts | undefined)[] = a.domains.map(() => undefined);
    // Fields not sent: one search over all of them; every solution vouches for every value it contains.
    const base = this.problem();
    const seen = a.domains.map(() => new Set<Val>());
    const first = this.solve(base, new Map(), seen);
    this.satisfiable = first === UNKNOWN ? undefined : first !== null;
    const found = Array.isArray(first) ? [first] : [];
    for (const i of base.searched) out[i] = this.verdicts(base, i, seen, this.satisfiable, found);
    // Fields sent: each one freed in turn, the others as sent.
    a.domains.forEach((domain, i) => {
      if (domain === null || sent[i] === undefined) return;
      if (this.budget.spent) {
        this.complete = false;
        return;
      }
      const freed = this.problem(i);
      const own = a.domains.map(() => new Set<Val>());
      if (this.satisfiable === true) own[i]!.add(sent[i] as Val);
      // Solutions of the configuration as sent are solutions here too, with field i at its sent value.
      const known = Array.isArray(first) ? [first.map((x, f) => (f === i ? (sent[i] as Val) : x))] : [];
      out[i] = this.verdicts(freed, i, own, undefined, known);
    });
    return out;
  }

  private problem(free?: number, a = this.a): Problem {
    return new Problem(this.c, a, this.space, this.quantity, this.sent, this.budget, free);
  }

  /**
   * Whether field i can be completed at one of `values` when a completion with it keeps other fields active than one
   * of the configuration as sent (kept-active.ts: its own conditions, or another field's, read it): then no solution
   * found so far vouches for it, and each of its searches keeps the fields that value keeps. undefined when it keeps
   * the same (the verdict is the usual one), UNKNOWN past the budget.
   */
  private keeping(i: number, values: readonly Val[], free: number | undefined): boolean | undefined | typeof UNKNOWN {
    if (values.length === 0) return undefined;
    const byKept = new Map<Analysis, Val[]>();
    for (const value of values) {
      const a = this.kept.for(i, value);
      if (a === this.a) return undefined;
      byKept.set(a, [...(byKept.get(a) ?? []), value]);
    }
    const scratch = this.a.domains.map(() => new Set<Val>());
    let unknown = false;
    for (const [a, only] of byKept) {
      const s = this.solve(this.problem(free, a), new Map([[i, only]]), scratch);
      if (Array.isArray(s)) return true;
      if (s === UNKNOWN) unknown = true;
    }
    return unknown ? UNKNOWN : false;
  }

  private verdicts(p: Problem, i: number, seen: Set<Val>[], known: boolean | undefined, found: Solution[]): Verdicts {
    if (this.fields[i]!.valueType === 'list') return this.selectionVerdicts(p, i, seen, known, found);
    const v: Verdicts = new Map();
    const free = this.sent[i] === undefined ? undefined : i;
    for (const value of this.space.domains[i]!) {
      if (!this.tried()) break;
      const own = this.keeping(i, [value], free);
      if (own !== undefined) v.set(value, own === UNKNOWN ? undefined : own);
      else if (seen[i]!.has(value)) v.set(value, true);
      else if (known === false) v.set(value, false);
      else {
        let s = this.fromVariant(p, i, () => value, seen, found);
        if (s === null) s = this.solve(p, new Map([[i, [value]]]), seen);
        if (Array.isArray(s)) found.push(s);
        v.set(value, s === UNKNOWN ? undefined : s !== null);
      }
    }
    return v;
  }

  /**
   * A multi-select's verdicts, by option: an option can be ticked when some solution's selection holds it. It is
   * tried by ticking it in an earlier solution, then by a search over the selections that hold it.
   */
  private selectionVerdicts(p: Problem, i: number, seen: Set<Val>[], known: boolean | undefined, found: Solution[]): Verdicts {
    const f = this.fields[i]!;
    const v: Verdicts = new Map();
    const domain = this.space.domains[i] as readonly (readonly string[])[];
    const free = this.sent[i] === undefined ? undefined : i;
    for (const { id } of f.options ?? []) {
      if (!this.tried()) break;
      const own = this.keeping(
        i,
        domain.filter((x) => x.includes(id)),
        free,
      );
      if (own !== undefined) v.set(id, own === UNKNOWN ? undefined : own);
      else if ([...seen[i]!].some((s) => Array.isArray(s) && s.includes(id))) v.set(id, true);
      else if (known === false) v.set(id, false);
      else {
        const withIt = (s: Solution) => {
          const selection = s[i] as readonly string[] | undefined;
          return selection === undefined || selection.length >= maxSelected(f) ? undefined : [...selection, id];
        };
        let s = this.fromVariant(p, i, withIt, seen, found);
        if (s === null) s = this.solve(p, new Map([[i, domain.filter((x) => x.includes(id))]]), seen);
        if (Array.isArray(s)) found.push(s);
        v.set(id, s === UNKNOWN ? undefined : s !== null);
      }
    }
    return v;
  }

  /**
   * A solution found earlier with only field i changed (to `valueIn(solution)`; undefined: not this one), if that is
   * still one (the last few solutions are tried).
   */
  private fromVariant(
    p: Problem,
    i: number,
    valueIn: (s: Solution) => Val | undefined,
    seen: Set<Val>[],
    found: Solution[],
  ): Solution | null | typeof UNKNOWN {
    for (let k = found.length - 1; k >= 0 && k >= found.length - VARIANTS_TRIED; k--) {
      const value = valueIn(found[k]!);
      if (value === undefined) continue;
      const s = p.variant(found[k]!, i, value);
      if (s === UNKNOWN) {
        this.complete = false;
        return s;
      }
      if (s !== null) {
        this.record(s, seen);
        return s;
      }
    }
    return null;
  }

  /** Charges one value tried; false (the answer incomplete) once the budget is spent. */
  private tried(): boolean {
    if (this.budget.spend(1)) return true;
    this.complete = false;
    return false;
  }

  private record(s: Solution, seen: Set<Val>[]): void {
    this.budget.spend(s.length);
    s.forEach((x, f) => {
      if (x !== undefined) seen[f]!.add(x);
    });
  }

  private solve(p: Problem, only: Map<number, readonly Val[]>, seen: Set<Val>[]): Solution | null | typeof UNKNOWN {
    if (this.budget.spent) {
      this.complete = false;
      return UNKNOWN;
    }
    // Values no solution has shown yet first: each solution then vouches for as many new values as it can.
    const prefer = (f: number, values: readonly Val[]) => {
      this.budget.spend(values.length);
      const s = seen[f]!;
      return values.some((x) => s.has(x)) ? [...values.filter((x) => !s.has(x)), ...values.filter((x) => s.has(x))] : values;
    };
    const s = p.solve(only, prefer);
    if (s === UNKNOWN) this.complete = false;
    else if (s !== null) this.record(s, seen);
    return s;
  }
}
