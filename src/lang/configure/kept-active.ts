// Soft defaults never override the buyer (issue 33): an adjustment (soft-defaults/adjust.ts) must not hide or disable a field the
// buyer set, which would drop the value sent (a kitchen run of three cabinets with a sink sent for the first and
// the third must not become a run of two, which hides the third and its sink). A completion of a configuration keeps
// active every field set in it that is active with the fields not set at their defaults: each such field whose
// conditions read a field not set gets a check that it stays visible and enabled, beside the model's checks. The
// adjustment searches with those checks; so do availability (an option is available when a completion of the
// configuration with it set keeps them, so that calculate then prices it) and the what-if tests of conflicts. Over
// the model's tables (exact/) they are the request's own residual checks (exact/residual.ts), never settled.
import type { Expr, FieldIR } from '../ir';
import { dependencies } from '../ir-checks';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import { exprCost } from '../runtime/cost';
import type { Analysis } from './analysis';
import type { Check } from './check';
import type { ExactAnswer } from './exact/index';
import { fails, type Solution, UNKNOWN } from './verdict';

/** By field index, the check that it is active (undefined: always active), worked out once per model. */
const activities = new WeakMap<Analysis, (Check | undefined)[]>();

function activitiesOf(m: CompiledModel, a: Analysis): (Check | undefined)[] {
  let found = activities.get(a);
  if (found === undefined) {
    const { ir } = m;
    const depsOf = dependencies(ir);
    const groups = new Map(ir.groups.map((g) => [g.id, g]));
    found = m.fields.map((f) => {
      const { visible, enabled } = f;
      if (visible === undefined && enabled === undefined) return undefined;
      const g = groups.get(f.ir.group);
      const parts = [g?.visibleWhen, f.ir.visibleWhen, g?.enabledWhen, f.ir.enabledWhen].flatMap((x) => (x ? [x.expr] : []));
      const at = f.ir.at ?? { line: 1, column: 1 };
      const expr = parts.reduce((x, y): Expr => ({ k: 'bin', op: 'and', a: x, b: y, at }));
      return {
        fn: (c) => (visible === undefined || visible(c) === true) && (enabled === undefined || enabled(c) === true),
        expr,
        fails: false,
        ref: 0,
        deps: depsOf(expr),
        cost: 1 + exprCost(expr),
      };
    });
    activities.set(a, found);
  }
  return found;
}

/** The checks that keep the fields set in a request's configurations active, and the analyses that hold them. */
export class KeptActive {
  /** The analysis of a completion of the configuration as sent: its checks after the model's are the request's own. */
  private readonly base: Analysis;
  /**
   * Whether a configuration of this request can keep a field active at all (some field's conditions read a field
   * not sent): else every search uses the model's analysis.
   */
  readonly possible: boolean;
  private readonly activity: (Check | undefined)[];
  /** By field index: whether its value can change which fields a completion keeps active. */
  private readonly touching: Uint8Array;
  /** Analyses by the fields they keep active, so that searches with the same ones share their plans. */
  private readonly analyses = new Map<string, Analysis>();

  private readonly fields: readonly FieldIR[];

  constructor(
    m: CompiledModel,
    private readonly c: Ctx,
    private readonly a: Analysis,
    private readonly sent: readonly unknown[],
    private readonly quantity: number,
  ) {
    this.fields = m.ir.fields;
    this.activity = activitiesOf(m, a);
    this.touching = new Uint8Array(sent.length);
    const open = (d: number) => sent[d] === undefined && a.domains[d] !== null;
    this.activity.forEach((check, x) => {
      if (check === undefined || !check.deps.some((d) => d !== x && open(d))) return;
      this.touching[x] = 1;
      for (const d of check.deps) if (a.domains[d] !== null) this.touching[d] = 1;
    });
    this.possible = this.touching.includes(1);
    this.base = this.possible ? this.of(sent) : a;
  }

  /**
   * Availability over the tables (exact/), found with the checks of the configuration as sent (`own`, as residual
   * checks), made to agree with the adjustment: a value that changes which fields a completion keeps active is
   * decided again by `completes`, a completion of the configuration with it set held to its own checks.
   */
  recheck(
    answer: ExactAnswer,
    completes: (set: readonly unknown[], own: readonly Check[]) => Solution | null | typeof UNKNOWN,
  ): ExactAnswer {
    let complete = answer.complete;
    answer.verdicts.forEach((verdicts, f) => {
      if (verdicts === undefined || !this.touching[f]) return;
      const ticked = Array.isArray(this.sent[f]) ? (this.sent[f] as string[]) : [];
      for (const value of verdicts.keys()) {
        const isList = this.fields[f]!.valueType === 'list';
        const setTo = isList ? (ticked.includes(value as string) ? ticked : [...ticked, value as string]) : value;
        const own = this.ownFor(f, setTo);
        if (own === undefined) continue;
        const set = [...this.sent];
        set[f] = setTo;
        const s = completes(set, own);
        if (s === UNKNOWN) complete = false;
        verdicts.set(value, s === UNKNOWN ? undefined : s !== null);
      }
    });
    return { ...answer, complete };
  }

  /** The model's own analysis, without the request's checks. */
  get model(): Analysis {
    return this.a;
  }

  /** The checks a completion of `set` is held to besides the model's. */
  ownOf(set: readonly unknown[]): readonly Check[] {
    return this.keptIn(set).map((x) => this.activity[x]!);
  }

  /** The checks a completion of the configuration as sent is held to besides the model's (those of `base`). */
  get own(): readonly Check[] {
    return this.base.checks.slice(0, this.base.checks.length - this.a.checks.length);
  }

  /**
   * The checks a completion with field `field` at `value` (the other fields as sent) is held to besides the model's,
   * when they are not those of the configuration as sent (`base`); else undefined.
   */
  private ownFor(field: number, value: unknown): readonly Check[] | undefined {
    if (!this.touching[field]) return undefined;
    const set = [...this.sent];
    set[field] = value;
    const kept = this.keptIn(set);
    return this.analysisOf(kept) === this.base ? undefined : kept.map((x) => this.activity[x]!);
  }

  /**
   * The analysis of a completion of `set` (by field index, the values set; undefined: not set): the model's checks
   * after one for each field set and active with every field not set at its default whose conditions read a field
   * not set that a search decides.
   */
  private of(set: readonly unknown[]): Analysis {
    return this.analysisOf(this.keptIn(set));
  }

  private analysisOf(kept: readonly number[]): Analysis {
    if (kept.length === 0) return this.a;
    const key = kept.join(',');
    let found = this.analyses.get(key);
    if (found === undefined) {
      found = { ...this.a, checks: [...kept.map((x) => this.activity[x]!), ...this.a.checks] };
      this.analyses.set(key, found);
    }
    return found;
  }

  /** The fields set in `set` that its completions keep active, by index. */
  private keptIn(set: readonly unknown[]): number[] {
    const { a, c } = this;
    const open = (d: number) => set[d] === undefined && a.domains[d] !== null;
    const kept: number[] = [];
    let loaded = false;
    this.activity.forEach((check, x) => {
      if (check === undefined || set[x] === undefined || !check.deps.some(open)) return;
      if (!loaded) {
        c.reset(this.quantity);
        for (let i = 0; i < set.length; i++) c.raw[i] = set[i];
        loaded = true;
      }
      if (!fails(c, check)) kept.push(x);
    });
    return kept;
  }
}
