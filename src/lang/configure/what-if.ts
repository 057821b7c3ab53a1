// "What if the buyer kept only some of their choices?": whether an option can be completed with some of the values
// sent kept and the others freed, and a completion that shows it. The one test behind an option's minimal conflict
// (conflict.ts) and the changes that would make it available (suggestions.ts): over the tables that hold the values
// sent (exact/; a number typed off its points added to them, a value none of its field's read as evaluation reads it:
// exact/typed.ts), each test charged to the request's budget. A completion keeps active the fields kept and the
// option's (kept-active.ts), as calculate's would: residual checks of that test.
import type { FieldIR } from '../ir';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import type { Val } from '../runtime/fault';
import type { Analysis } from './analysis';
import type { Budget } from './budget';
import type { Check } from './check';
import { exactFor, type Kept } from './exact/index';
import { ResidualChecks } from './exact/residual';
import type { Solver } from './exact/solver';
import type { Tables } from './exact/tables';
import { asRead, tablesFor } from './exact/typed';
import type { KeptActive } from './kept-active';
import { type Solution, UNKNOWN } from './verdict';

/** The option asked about: by field index, a choice field's option or a checkbox's value, or a multi-select's option to tick. */
export interface Target {
  field: number;
  value: Val;
}

/** The value an option id of configure's answer stands for: a checkbox's boolean, else the id itself. */
export function optionValue(f: FieldIR, id: string): Val {
  return f.valueType === 'boolean' ? id === 'true' : id;
}

/** A completion (by field index, the value of each field searched), null when there is none, UNKNOWN past the budget. */
export type Completion = Solution | null | typeof UNKNOWN;

export class WhatIf {
  private readonly a: Analysis;
  /** The values sent as evaluation reads them (exact/typed.ts, asRead). */
  private readonly read: readonly unknown[];
  /** The multi-selects sent past their selections, whose tables hold only the selections that keep the ticks sent. */
  private readonly narrowed: number[];
  /** The tests by the narrowed multi-selects they free (their indexes, joined): made once each. */
  private readonly tests = new Map<string, ExactTest>();

  constructor(
    private readonly m: CompiledModel,
    private readonly c: Ctx,
    private readonly kept: KeptActive,
    private readonly quantity: number,
    private readonly sent: readonly unknown[],
    readonly budget: Budget,
  ) {
    this.a = kept.model;
    this.read = asRead(m, sent);
    this.narrowed = [...this.read.keys()].filter((i) => this.a.partial[i] && Array.isArray(this.read[i]));
  }

  /**
   * The test over the tables that hold the values of a completion with the choices `kept`: a multi-select past its
   * selections (typed.ts) is narrowed to its ticks only where they are kept, so that freeing it frees them.
   */
  private testFor(kept: readonly number[]): ExactTest {
    const { m, c, a, quantity } = this;
    const freed = this.narrowed.filter((i) => !kept.includes(i));
    const key = freed.join(',');
    let test = this.tests.get(key);
    if (test === undefined) {
      const read = [...this.read];
      for (const i of freed) read[i] = undefined;
      const t = tablesFor(m, c, a, read);
      const residualWith = (own: readonly Check[]) => new ResidualChecks(c, a, t, read, quantity, false, own);
      test = new ExactTest(t, exactFor(m, c, a, t, read, quantity), m.ir.fields, this.read, this.budget, residualWith);
      this.tests.set(key, test);
    }
    return test;
  }

  /**
   * The buyer's choices a conflict or a change may name, in schema order: the fields sent that the search varies
   * (some check depends on them; texts and dates keep their value). The option's own field is one of them only for
   * a multi-select, whose ticked options are kept with the option.
   */
  choices(target: Target): number[] {
    const out: number[] = [];
    const fields = this.m.ir.fields;
    for (let i = 0; i < this.sent.length; i++) {
      if (this.sent[i] === undefined || this.a.domains[i] === null) continue;
      if (i !== target.field || fields[i]!.valueType === 'list') out.push(i);
    }
    return out;
  }

  /** Whether a completion keeps choice i: its value sent, or for a multi-select every option sent still ticked. */
  keeps(s: Solution, i: number): boolean {
    const sent = this.sent[i];
    const value = s[i];
    if (!Array.isArray(sent)) return value === undefined || value === sent;
    return value === undefined || (sent as unknown[]).every((id) => (value as readonly string[]).includes(id as string));
  }

  /** A completion with the option chosen and the choices `kept` (field indexes) at their sent values, others free. */
  completion(target: Target, kept: readonly number[]): Completion {
    if (this.budget.spent) return UNKNOWN;
    // The option's field is kept active too, even when nothing sent can be made inactive (KeptActive.possible): a
    // change that hides the field the buyer wants is no way to get it.
    const own = this.kept.ownOf(this.set(target, kept));
    return this.testFor(kept).completion(target, kept, own.length > 0 ? own : undefined);
  }

  /**
   * The values set in a completion with the option chosen and the choices `kept`: those the search does not vary,
   * those kept, and the option's field at the option (a multi-select's with the option ticked besides).
   */
  private set(target: Target, kept: readonly number[]): unknown[] {
    const { sent } = this;
    const field = target.field;
    const set = sent.map((x, i) => (this.a.domains[i] === null ? x : undefined));
    for (const i of kept) set[i] = sent[i];
    if (this.a.domains[field] === null) set[field] = target.value;
    const ticked = Array.isArray(set[field]) ? (set[field] as string[]) : [];
    const isList = this.m.ir.fields[field]!.valueType === 'list';
    set[field] =
      isList && !ticked.includes(target.value as string) ? [...ticked, target.value as string] : isList ? ticked : target.value;
    return set;
  }
}

/**
 * The test over the tables, on the solver requests share (its availability run is over by now). Over tables that
 * leave selections out (Tables.partial), no completion found is not known.
 */
class ExactTest {
  private charged = 0;
  private readonly k: Kept;
  /** The request's residual checks (exact/residual.ts), verified by the solver while this test searches. */
  private readonly accept: Solver['accept'];
  /** By variable: the index of its value sent, else of its default: tried first, so a completion keeps what it can. */
  private readonly preferred: Int32Array;

  /** `residual`: the model's residual checks with the test's own (kept-active.ts) besides. */
  constructor(
    private readonly t: Tables,
    { k, residual }: { k: Kept; residual: ResidualChecks },
    private readonly fields: readonly FieldIR[],
    private readonly sent: readonly unknown[],
    private readonly budget: Budget,
    private readonly residualWith: (own: readonly Check[]) => ResidualChecks,
  ) {
    this.k = k;
    this.accept = residual.none ? undefined : residual.holdsIn;
    k.scratch.copyFrom(k.root);
    const first = (f: number) => (sent[f] === undefined || fields[f]!.valueType === 'list' ? fields[f]!.fallback : sent[f]);
    this.preferred = Int32Array.from(t.fields, (f, x) => t.values[x]!.indexOf(first(f) as Val));
  }

  /** `own`: the checks that keep the fields set in the completion active, when they are not the request's. */
  completion(target: Target, kept: readonly number[], own?: readonly Check[]): Completion {
    const { t, k, sent } = this;
    const residual = own === undefined ? undefined : this.residualWith(own);
    const accept = residual === undefined ? this.accept : residual.none ? undefined : residual.holdsIn;
    const none = t.partial ? UNKNOWN : null;
    if (!k.consistent) return none;
    const s = k.scratch;
    s.push();
    let ok = this.keep(target.field, (v) =>
      this.isList(target.field) ? (v as string[]).includes(target.value as string) : v === target.value,
    );
    for (const i of kept) {
      if (!ok) break;
      const raw = sent[i];
      ok = this.isList(i)
        ? this.keep(i, (v) => (raw as string[]).every((id) => (v as string[]).includes(id)))
        : this.keep(i, (v) => v === raw);
    }
    ok &&= s.propagate();
    s.accept = accept;
    const found = ok ? s.solve((x, v) => v === this.preferred[x], this.stop) : null;
    s.accept = undefined;
    s.pop();
    this.stop();
    if (found === undefined) return UNKNOWN;
    if (found === null) return none;
    const out: Solution = this.fields.map(() => undefined);
    found.forEach((v, x) => {
      out[t.fields[x]!] = t.values[x]![v];
    });
    return out;
  }

  private isList(i: number): boolean {
    return this.fields[i]!.valueType === 'list';
  }

  /** Leaves field i only the values `keep` accepts; false when that empties it or a table. A field the tables do not hold is free. */
  private keep(i: number, keep: (v: Val) => boolean): boolean {
    const { t } = this;
    const s = this.k.scratch;
    const x = t.varOf[i]!;
    if (x < 0) return true;
    const values = t.values[x]!;
    for (let v = 0; v < values.length; v++) if (s.has(x, v) && !keep(values[v]!) && !s.remove(x, v)) return false;
    return true;
  }

  private readonly stop = (): boolean => {
    const s = this.k.scratch;
    this.budget.spend(s.operations - this.charged);
    this.charged = s.operations;
    return this.budget.spent;
  };
}
