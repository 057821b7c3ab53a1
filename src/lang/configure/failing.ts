// The checks that exclude one option, for its reasons (index.ts, `reasons`): those that fail with the option
// chosen and the other values as shown (those sent, the rest at their defaults or adjusted values: issue 33); of
// them, the ones that read only values the buyer has set when there are any (they exclude it whatever else is chosen). Only the checks that depend on the
// option's field can change with the option: those are evaluated for each option, and the others are read from
// one evaluation of every check on the configuration as sent (issue 25: 2,400 unavailable options × 174 tables
// had spent the whole budget on reasons). The same checks, in the same order, as evaluating every check for
// every option.
import type { ProductIR } from '../ir';
import { dependencies } from '../ir-checks';
import type { Ctx } from '../runtime/context';
import type { Val } from '../runtime/fault';
import type { Analysis } from './analysis';
import type { Budget } from './budget';
import { MAX_REASONS_PER_OPTION } from './budget';
import type { Check } from './check';
import { fails } from './verdict';

/** By field index, the positions in `a.checks` of the checks that depend on it, ascending; once per analysis. */
const related = new WeakMap<Analysis, number[][]>();

function relatedOf(a: Analysis, fields: number): number[][] {
  let r = related.get(a);
  if (r === undefined) {
    r = Array.from({ length: fields }, (): number[] => []);
    for (let k = 0; k < a.checks.length; k++) for (const d of a.checks[k]!.deps) r[d]!.push(k);
    related.set(a, r);
  }
  return r;
}

/** By field index, the other fields whose value reads it (conditions, computed values); once per analysis. */
const readers = new WeakMap<Analysis, number[][]>();

function readersOf(a: Analysis, ir: ProductIR): number[][] {
  let r = readers.get(a);
  if (r === undefined) {
    const depsOf = dependencies(ir);
    r = ir.fields.map((): number[] => []);
    ir.fields.forEach((f, j) => {
      for (const i of depsOf({ k: 'ref', name: f.id })) if (i !== j) r![i]!.push(j);
    });
    readers.set(a, r);
  }
  return r;
}

/** The checks excluding an option: the first MAX_REASONS_PER_OPTION in the analysis's order, and how many in all. */
export interface Excluding {
  shown: Check[];
  total: number;
}

/** Failing checks not depending on a field: all of them, and those reading only values the buyer set. */
interface Others {
  all: number[];
  direct: number[];
}

export class FailingChecks {
  /** Positions of the checks failing on the configuration as shown; undefined until first needed. */
  private sentFailing: number[] | undefined;
  private readonly others = new Map<number, Others>();
  private readonly related: number[][];
  private readonly readers: number[][];
  /**
   * The context's reset after which it holds the configuration as shown, but for field `changed` (-1: none); -1
   * when it does not (another reset came between).
   */
  private loadedIn = -1;
  private changed = -1;

  constructor(
    private readonly a: Analysis,
    ir: ProductIR,
    private readonly c: Ctx,
    private readonly quantity: number,
    private readonly sent: readonly unknown[],
    /** By field index, the value shown: the one sent, else its adjusted value (soft defaults), else undefined. */
    private readonly shown: readonly unknown[],
    private readonly budget: Budget,
  ) {
    this.related = relatedOf(a, sent.length);
    this.readers = readersOf(a, ir);
  }

  /**
   * The checks excluding `option` as the value of `field`, each evaluation charged (and each dependency looked
   * at); undefined once the budget is spent. Leaves that configuration loaded in the context, for explaining them.
   */
  of(field: number, option: Val | readonly string[]): Excluding | undefined {
    const { a, budget } = this;
    const others = this.othersOf(field);
    if (others === undefined) return undefined;
    this.loadWith(field, option);
    const isSet = (d: number) => d === field || this.isSet(d);
    const all: number[] = [];
    const direct: number[] = [];
    for (const k of this.related[field]!) {
      const check = a.checks[k]!;
      if (!budget.spend(check.cost)) return undefined;
      if (!fails(this.c, check)) continue;
      all.push(k);
      if (!budget.spend(check.deps.length)) return undefined;
      if (check.deps.every(isSet)) direct.push(k);
    }
    const [mine, theirs] = direct.length + others.direct.length > 0 ? [direct, others.direct] : [all, others.all];
    return { shown: firstOf(mine, theirs).map((k) => a.checks[k]!), total: mine.length + theirs.length };
  }

  private isSet(d: number): boolean {
    return this.sent[d] !== undefined || this.a.domains[d] === null;
  }

  private othersOf(field: number): Others | undefined {
    const { a, budget } = this;
    if (this.sentFailing === undefined) {
      this.load();
      const found: number[] = [];
      for (let k = 0; k < a.checks.length; k++) {
        const check = a.checks[k]!;
        if (!budget.spend(check.cost + check.deps.length)) return undefined;
        if (fails(this.c, check)) found.push(k);
      }
      this.sentFailing = found;
    }
    let o = this.others.get(field);
    if (o === undefined) {
      const own = new Set(this.related[field]);
      const all = this.sentFailing.filter((k) => !own.has(k));
      o = { all, direct: all.filter((k) => a.checks[k]!.deps.every((d) => this.isSet(d))) };
      if (!budget.spend(this.sentFailing.length)) return undefined;
      this.others.set(field, o);
    }
    return o;
  }

  private load(): void {
    const { c, shown } = this;
    c.reset(this.quantity);
    for (let i = 0; i < shown.length; i++) c.raw[i] = shown[i];
    this.loadedIn = c.epoch;
    this.changed = -1;
  }

  /**
   * The configuration as shown with `option` for `field`: from the one loaded, only that field (and the one changed
   * before it) and what reads them computed again, instead of a reset per option (a large model explains hundreds).
   */
  private loadWith(field: number, option: unknown): void {
    const { c } = this;
    if (this.loadedIn !== c.epoch) this.load();
    if (this.changed >= 0 && this.changed !== field)
      c.rewrite(this.changed, this.shown[this.changed], this.readers[this.changed]!);
    c.rewrite(field, option, this.readers[field]!);
    this.changed = field;
  }
}

/** The first MAX_REASONS_PER_OPTION of two ascending lists, merged. */
function firstOf(x: readonly number[], y: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (out.length < MAX_REASONS_PER_OPTION && (i < x.length || j < y.length)) {
    if (j >= y.length || (i < x.length && x[i]! < y[j]!)) out.push(x[i++]!);
    else out.push(y[j++]!);
  }
  return out;
}
