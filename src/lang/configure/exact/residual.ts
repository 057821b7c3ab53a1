// The checks a model's tables do not hold (tables.ts, Residue: one reading the quantity or a text, or past the
// tabulation bounds), verified by evaluation wherever the exact engine trusts a state (issue 33): at every node of the
// solver's search once the variables a check reads have one value each, on every solution kept from earlier and on
// every variant of one; a check that fails there weighs on its variables' choice, and on the variables it read
// (Solver.refuted). So the tables keep what they hold exact, whatever one check needs. A check is evaluated as
// evaluation reads the configuration: its closure, the request's values for the
// fields that are no variables, its quantity. The work goes to the context's counter, which the request's budget (or
// settling's bound) charges. A request may add checks of its own, which read what it sends: those that keep the fields
// the buyer set active (kept-active.ts).
import type { Ctx } from '../../runtime/context';
import type { Analysis } from '../analysis';
import type { Check } from '../check';
import { fails } from '../verdict';
import type { Solver } from './solver';
import type { Tables } from './tables';

/** A check verified by evaluation: the variables it reads, and whether it reads anything a request sends besides. */
interface Verified {
  readonly check: Check;
  readonly vars: Int32Array | readonly number[];
  readonly inputs: boolean;
}

export class ResidualChecks {
  private readonly checks: readonly Verified[];
  /** The fields that are no variables, with the values the request sent for them. */
  private readonly given: [field: number, raw: unknown][] = [];

  /**
   * `sent`: by field index, the value sent (undefined: not sent); `closed`: only the checks that read nothing a
   * request sends beside the variables, which settling (once per model, for every request) may rely on; `own`: the
   * request's own checks, verified with the model's.
   */
  constructor(
    private readonly c: Ctx,
    a: Analysis,
    private readonly t: Tables,
    sent: readonly unknown[],
    private readonly quantity: number,
    closed = false,
    own: readonly Check[] = [],
  ) {
    const model = t.residual.filter((r) => !closed || !r.inputs).map((r) => ({ ...r, check: a.checks[r.check]! }));
    const request = own.map((check) => ({ check, vars: check.deps.map((f) => t.varOf[f]!).filter((x) => x >= 0), inputs: true }));
    this.checks = request.length === 0 ? model : [...request, ...model];
    if (this.checks.length === 0) return;
    sent.forEach((raw, f) => {
      if (raw !== undefined && t.varOf[f]! < 0) this.given.push([f, raw]);
    });
  }

  /** The context's work counter: what the evaluations have cost so far, with everything else it counts. */
  get work(): number {
    return this.c.work;
  }

  /** Whether there is nothing to verify. */
  get none(): boolean {
    return this.checks.length === 0;
  }

  /** Whether a check reads what the request sends beside the variables, so that settling did not verify it. */
  get readsInputs(): boolean {
    return this.checks.some((r) => r.inputs);
  }

  /**
   * For Solver.accept: whether the checks whose variables all have one value left in `s` pass. Finding them is the
   * solver's work too, at every node: a unit per variable looked at.
   */
  readonly holdsIn = (s: Solver): boolean => {
    const ready: Verified[] = [];
    let looked = 0;
    for (const r of this.checks) {
      let decided = true;
      for (const x of r.vars) {
        looked++;
        if (s.size[x] !== 1) {
          decided = false;
          break;
        }
      }
      if (decided) ready.push(r);
    }
    s.operations += looked;
    if (ready.length === 0) return true;
    const failed = this.failing(ready, (x) => s.single(x));
    if (failed === undefined) return true;
    const { c, t } = this;
    s.refuted(
      failed.vars,
      Array.from(failed.vars).filter((x) => c.readIn[t.fields[x]!] === c.epoch),
    );
    return false;
  };

  /** Whether a solution (a value index per variable) passes every check. */
  holds(solution: Int32Array): boolean {
    return this.none || this.pass(this.checks, (x) => solution[x]!);
  }

  /** Whether a solution with variable x at value v passes the checks that read x. */
  holdsWith(solution: Int32Array, x: number, v: number): boolean {
    const reading = this.checks.filter((r) => r.vars.includes(x));
    return reading.length === 0 || this.pass(reading, (y) => (y === x ? v : solution[y]!));
  }

  /** Whether `checks` pass, evaluated on one configuration. */
  private pass(checks: readonly Verified[], valueAt: (x: number) => number): boolean {
    return this.failing(checks, valueAt) === undefined;
  }

  /** The first of `checks` that fails on one configuration: what they share (a let, a field) is computed once. */
  private failing(checks: readonly Verified[], valueAt: (x: number) => number): Verified | undefined {
    const { c, t } = this;
    c.reset(this.quantity);
    for (const [f, raw] of this.given) c.raw[f] = raw;
    for (const r of checks) for (const x of r.vars) c.raw[t.fields[x]!] = t.values[x]![valueAt(x)];
    return checks.find((r) => fails(c, r.check));
  }
}
