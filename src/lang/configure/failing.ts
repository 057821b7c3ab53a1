// The checks that fail with one option chosen, the other values as sent and the rest at their defaults, for an
// unavailable option's reasons (index.ts, `reasons`). Only the checks that depend on the option's field can change
// with the option: those are evaluated for each option, and the others are read from one evaluation of every check
// on the configuration as sent (issue 25: 2,400 unavailable options × 174 tables had spent the whole budget on
// reasons). The same checks, in the same order, as evaluating every check for every option.
import type { Ctx } from '../runtime/context';
import type { Val } from '../runtime/fault';
import type { Analysis, Check } from './analysis';
import type { Budget } from './budget';
import { fails } from './search';

/** By field index, the positions in `a.checks` of the checks that depend on it; once per analysis. */
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

export class FailingChecks {
  /** Positions of the checks failing on the configuration as sent; undefined until first needed. */
  private sentFailing: number[] | undefined;
  private readonly related: number[][];

  constructor(
    private readonly a: Analysis,
    private readonly c: Ctx,
    private readonly quantity: number,
    private readonly sent: readonly unknown[],
    private readonly budget: Budget,
  ) {
    this.related = relatedOf(a, sent.length);
  }

  /**
   * The checks that fail with `option` as the value of `field`, in the analysis's order, each evaluation charged;
   * undefined once the budget is spent. Leaves that configuration loaded in the context, for explaining them.
   */
  of(field: number, option: Val | readonly string[]): Check[] | undefined {
    const { a, budget } = this;
    if (this.sentFailing === undefined) {
      this.load();
      const found: number[] = [];
      for (let k = 0; k < a.checks.length; k++) {
        const check = a.checks[k]!;
        if (!budget.spend(check.cost)) return undefined;
        if (fails(this.c, check)) found.push(k);
      }
      this.sentFailing = found;
    }
    this.load();
    this.c.raw[field] = option;
    const mine = this.related[field]!;
    const failing: number[] = [];
    for (const k of mine) {
      const check = a.checks[k]!;
      if (!budget.spend(check.cost)) return undefined;
      if (fails(this.c, check)) failing.push(k);
    }
    const own = new Set(mine);
    for (const k of this.sentFailing) if (!own.has(k)) failing.push(k);
    return failing.sort((x, y) => x - y).map((k) => a.checks[k]!);
  }

  private load(): void {
    const { c, sent } = this;
    c.reset(this.quantity);
    for (let i = 0; i < sent.length; i++) c.raw[i] = sent[i];
  }
}
