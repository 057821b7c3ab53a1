// The configurator engine: for a partial configuration (what the buyer has set so far), every option's
// availability with its reasons, and the range left to each number, such that an option reported available can
// always be completed (docs/schema-language.md, "Availability"). Pure: the model's closures and one context.
import type { FieldIR } from '../ir';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import { evaluateModel, packFor, refusedBeforeChecks } from '../runtime/evaluate';
import type { Val } from '../runtime/fault';
import { isAbsent, isValidQuantity } from '../runtime/fields';
import type { Pack } from '../runtime/pack';
import { Run } from '../runtime/run';
import type { Evaluation, EvaluationInput, FieldState } from '../runtime/types';
import { adjustDefaults, searchCompletions } from './adjust';
import { type Analysis, analysisOf, type Space, spaceFor } from './analysis';
import { AnswerSize, type Truncated } from './answer';
import { answerFields } from './answer-fields';
import { Budget, MAX_WORK_UNITS } from './budget';
import { addConflicts } from './conflict';
import { breaksACheck } from './exact/defaults';
import { type ExactAnswer, exactAvailability, exactCompletions, settledFor } from './exact/index';
import { type Tables, tablesOf, untabulated } from './exact/tables';
import { FailingChecks } from './failing';
import { maxSelected, type Why } from './reasons';
import { Problem, type Solution, UNKNOWN } from './search';
import { type Want, type WantAnswer, wantAnswer } from './want';
import { WhatIf } from './what-if';

/** Units the search gets before the tables take over (the examples spend at most 16,000 in all: budget.ts). */
const SEARCH_FIRST_UNITS = 40_000;

/** Units of the budget left that `want` and `conflicts` may spend together (conflict.ts, suggestions.ts). */
const CHOICES_UNITS = 1_000_000;

/**
 * Values of the tables' fields past which the search is not tried first: it tries each value at least once, and
 * the examples have at most 54 (pvc-window), where the smallest generated model (10 fields, 451 values) spent its
 * 40,000 units without an answer (bench/RESULTS.md, "Big models"). Decided from the tables, not by spending.
 */
const SEARCH_FIRST_VALUES = 200;

/** Earlier solutions tried, with one field changed, before searching for a value afresh. */
const VARIANTS_TRIED = 4;

export interface Reason {
  rule: string;
  message: string;
  line: number;
  column: number;
  because: Record<string, Val>;
}

export interface OptionState {
  id: string;
  available: boolean;
  reasons: Reason[];
  /** Asked for (`conflicts`): the fewest fields sent that together exclude it (conflict.ts); [] when nothing has it. */
  conflict?: string[];
}

export interface ConfiguredField extends FieldState {
  source: 'sent' | 'refused' | 'default' | 'adjusted' | 'ignored' | 'derived';
  /** For a refused value: why (the first error calculate reports for it); `value` is then the default. */
  error?: { code: string; message: string };
  /** For an adjusted field (a soft default, adjust.ts): the default the values sent exclude. */
  replaced_default?: Val;
  options?: OptionState[];
  /** A compact answer's field not explained: the ids of its options reported available, in schema order. */
  available?: string[];
  /** Numbers that checks depend on: the smallest and largest value that can still be completed. */
  min?: number;
  max?: number;
}

export interface Configuration {
  /** The configuration as sent, evaluated like a calculation. */
  evaluation: Evaluation;
  /**
   * false when the budget ran out (availability not proven is then reported available, reasons not found are not
   * listed) or the answer's cap left options or fields out.
   */
  complete: boolean;
  /** Whether the configuration as sent can be completed at all; undefined when the budget ran out first. */
  satisfiable: boolean | undefined;
  fields: ConfiguredField[];
  /** The entries each list of the answer left out (answer.ts); empty when none. */
  truncated: Truncated;
  /** Work units the request spent (budget.ts): for tests and benchmarks, not served. */
  units: number;
  /** The answer to the request's `want` (want.ts). */
  want?: WantAnswer;
}

/**
 * A configure request: a partial configuration, the option the buyer wants if any, whether to list conflicts, and
 * whether to answer compactly (answer-fields.ts): then only the fields in `explain` list their options.
 */
export interface ConfigureInput extends EvaluationInput {
  want?: Want | undefined;
  conflicts?: boolean | undefined;
  compact?: boolean | undefined;
  explain?: readonly string[] | undefined;
}

/** Per field: value → completable (true), not (false), or not known within the budget (undefined). */
type Verdicts = Map<Val, boolean | undefined>;

/** `units`: the budget (MAX_WORK_UNITS; the benchmark measures the cost of a unit with more). */
export function configureModel(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: ConfigureInput,
  units = MAX_WORK_UNITS,
): Configuration {
  const { ir } = m;
  const search = searchFor(m, c, input, units);
  const { a, sent, quantity, budget, space } = search;
  const soft = withSoftDefaults(m, c, packs, input, search);
  const { evaluation } = soft;
  // A multi-select is always searched, over the selections that keep what the buyer ticked (spaceFor).
  const searched = sent.map((x, i) => (ir.fields[i]!.valueType === 'list' ? undefined : x));
  // The search (search.ts) first, within a sliver of the budget, where ordinary products finish at a fraction of the
  // tables' cost; past it, exact over the model's tables when they hold every check, else the search again. Tables
  // of many values go to the tables at once.
  const first = searchFirst(tablesOf(m, c, a))
    ? new Engine(c, a, space, ir.fields, quantity, searched, budget.part(SEARCH_FIRST_UNITS)).answer()
    : undefined;
  const engine = first?.complete
    ? first
    : (exactAvailability(m, c, a, sent, quantity, budget) ??
      new Engine(c, a, space, ir.fields, quantity, searched, budget).answer());
  const run = new Run(m, c, packFor(m, packs, input.lang));
  const failing = new FailingChecks(a, ir, c, quantity, sent, budget);
  const why: Why = { m, c, run, a, quantity, sent, budget, failing, explained: new Map() };
  const answer = new AnswerSize();
  const only = input.compact ? new Set(input.explain) : undefined;
  const { fields, explained } = answerFields(why, evaluation, engine, answer, only);
  const complete = soft.known && engine.complete && explained && !budget.spent && !answer.cut;
  // Asked for only: minimal conflicts and changes take several engine tests per option (conflict.ts).
  const whatIf = input.want || input.conflicts ? new WhatIf(m, c, a, quantity, sent, budget.part(CHOICES_UNITS)) : undefined;
  const want = whatIf && input.want ? wantAnswer(whatIf, m, input.want) : undefined;
  if (whatIf && input.conflicts) answer.leaveOut('conflicts', addConflicts(whatIf, m, fields, answer));
  return {
    evaluation,
    complete,
    satisfiable: engine.satisfiable,
    fields,
    truncated: answer.truncated,
    units: budget.used,
    ...(want ? { want } : {}),
  };
}

/**
 * A calculation with soft defaults: the configuration as sent when it prices; else, when only checks the search
 * knows refuse it (constraints, error rules, evaluation faults; no value sent is invalid), the fields not sent
 * take the values adjust.ts decides, if that prices. Under one budget: past it the configuration as sent.
 */
export function calculateModel(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: EvaluationInput,
  units = MAX_WORK_UNITS,
): Evaluation {
  // The analysis is made only for a configuration that needs it: most calculations price with every default.
  return withSoftDefaults(m, c, packs, input, () => searchFor(m, c, input, units)).evaluation;
}

/** Where availability is left to the search: the check the exact engine's tables cannot hold, and why. */
export interface LeftToSearch {
  /** The constraint, error rule or evaluated unit (analysis.ts, Check.unit); undefined: a multi-select's selections. */
  rule?: string;
  why: string;
  /** Whether the whole model is searched; else only this check is, on the tables' candidates (exact/residual.ts). */
  whole: boolean;
}

/** Why the model's tables cannot hold it (exact/tables.ts), or undefined when they do. */
export function leftToSearch(m: CompiledModel, c: Ctx): LeftToSearch | undefined {
  const a = analysisOf(m);
  const left = untabulated(m, c, a);
  if (left === undefined) return undefined;
  const check = a.checks[left.check];
  const { why, whole } = left;
  if (check === undefined) return { why, whole };
  if (check.unit !== undefined) return { rule: check.unit, why, whole };
  const decl = check.ref >= 0 ? m.ir.constraints[check.ref]! : m.ir.rules[-1 - check.ref]!;
  return { rule: decl.id, why, whole };
}

/** Whether the search is tried before the tables: a model the tables cannot hold, or tables of few values. */
function searchFirst(t: Tables | null): boolean {
  return t === null || t.totalValues <= SEARCH_FIRST_VALUES;
}

/** What a search of the configuration needs, its budget started after the model's own work (the tables). */
function searchFor(m: CompiledModel, c: Ctx, input: EvaluationInput, units: number): Search {
  const { ir } = m;
  const a = analysisOf(m);
  const sent = sentValues(m, input.configuration);
  const quantity = isValidQuantity(input.quantity, ir.quantity) ? input.quantity : ir.quantity.default;
  // Built and settled once per model, before the request's budget: the model's own work, bounded by exact/tables.ts
  // and settling's operations (exact/index.ts).
  const t = tablesOf(m, c, a);
  if (t !== null) settledFor(m, c, a, t);
  return { a, space: spaceFor(a, ir.fields, sent), sent, quantity, budget: new Budget(c, units) };
}

interface Search {
  a: Analysis;
  space: Space;
  sent: readonly unknown[];
  quantity: number;
  budget: Budget;
}

/**
 * `known`: false when the budget ran out before the adjustments were decided. `search`: made already (configure), or
 * made only when needed (calculate: most calculations price with every default).
 */
function withSoftDefaults(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: EvaluationInput,
  search: Search | (() => Search),
): { evaluation: Evaluation; known: boolean } {
  // The configuration as sent is evaluated only to be refused, and adjusted, when a check's table has no row for it
  // and nothing else refuses it (its value's problems, reported first): its evaluation is left until it is needed.
  const skipped = typeof search !== 'function' && refusedByChecksOnly(m, c, packs, input, search);
  let plain = skipped ? undefined : evaluateModel(m, c, packs, input);
  if (plain !== undefined && (prices(m, plain) || !adjustable(plain))) return { evaluation: plain, known: true };
  const asSent = () => {
    plain ??= evaluateModel(m, c, packs, input);
    return plain;
  };
  const { a, space, sent, quantity, budget } = typeof search === 'function' ? search() : search;
  // The tables when they hold the model; else the search.
  const exact = exactCompletions(m, c, a, sent, quantity, budget);
  const found = adjustDefaults(space, m.ir.fields, sent, exact ?? searchCompletions(c, a, space, quantity, sent, budget));
  if (found === UNKNOWN) return { evaluation: asSent(), known: false };
  if (found === null || found.length === 0) return { evaluation: asSent(), known: true };
  const configuration: Record<string, unknown> = { ...input.configuration };
  for (const x of found) configuration[m.ir.fields[x.field]!.id] = x.value;
  // The values decided over the tables are one of their solutions, unless a multi-select was sent: its completion
  // may tick more than the buyer did, which the configuration keeps.
  const ticked = (x: unknown, i: number) => x !== undefined && m.ir.fields[i]!.valueType === 'list';
  const vouched = exact !== undefined && !sent.some(ticked);
  const adjusted = evaluateModel(m, c, packs, { ...input, configuration }, vouched);
  // A value the adjusted defaults make required (a field `required_when` an adjusted value) is the buyer's to give:
  // the adjusted configuration stands, and asks for it, rather than the default that faults.
  if (!prices(m, adjusted) && !asksOnly(adjusted)) return { evaluation: asSent(), known: true };
  // A field the adjusted configuration hides or disables ignores the value given to it: its default stands.
  const active = (i: number) => adjusted.fields[i]!.visible && adjusted.fields[i]!.enabled;
  const list = found
    .filter((x) => active(x.field))
    .map((x) => ({ field: m.ir.fields[x.field]!.id, value: x.value, replaced: x.replaced }));
  return { evaluation: { ...adjusted, adjusted: list }, known: true };
}

/**
 * Whether the configuration as sent would not price (a constraint's or an error rule's table has no row for it)
 * while only checks refuse it (adjustable): what its evaluation would tell, without the checks.
 */
function refusedByChecksOnly(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: EvaluationInput,
  search: Search,
): boolean {
  const t = tablesOf(m, c, search.a);
  return t !== null && breaksACheck(t, search.a, m.ir.fields, search.sent) && !refusedBeforeChecks(m, c, packs, input);
}

/** Whether a calculation returning the customer-facing output groups (as by default) prices it. */
function prices(m: CompiledModel, ev: Evaluation): boolean {
  if (ev.errors.length > 0 || ev.price === null) return false;
  return m.ir.outputs.every((o) => o.internal || !ev.outputErrors.has(o.id));
}

/** Whether only values the buyer has yet to give (REQUIRED) keep the calculation from pricing. */
function asksOnly(ev: Evaluation): boolean {
  return ev.unlistedErrors === 0 && ev.errors.length > 0 && ev.errors.every((e) => e.code === 'REQUIRED');
}

/** Only the checks the search knows refuse it: no value sent is invalid, no key unknown, nothing required missing. */
function adjustable(ev: Evaluation): boolean {
  return (
    ev.unlistedErrors === 0 && ev.errors.every((e) => e.code === 'CONSTRAINT' || e.code === 'RULE' || e.code.startsWith('R_'))
  );
}

/** By field index, the value sent for it (undefined: not sent, or sent as "no value"). */
function sentValues(m: CompiledModel, config: Record<string, unknown>): unknown[] {
  const out = new Array<unknown>(m.ir.fields.length).fill(undefined);
  if (config === null || typeof config !== 'object') return out;
  for (const key in config) {
    if (!Object.hasOwn(config, key)) continue;
    const i = m.fieldIndex.get(key);
    if (i !== undefined && !isAbsent(config[key])) out[i] = config[key];
  }
  return out;
}

class Engine {
  complete = true;
  /** Whether the configuration as sent can be completed at all (undefined: not known). */
  satisfiable: boolean | undefined;

  constructor(
    private readonly c: Ctx,
    private readonly a: Analysis,
    private readonly space: Space,
    private readonly fields: readonly FieldIR[],
    private readonly quantity: number,
    private readonly sent: readonly unknown[],
    private readonly budget: Budget,
  ) {}

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

  private problem(free?: number): Problem {
    return new Problem(this.c, this.a, this.space, this.quantity, this.sent, this.budget, free);
  }

  private verdicts(p: Problem, i: number, seen: Set<Val>[], known: boolean | undefined, found: Solution[]): Verdicts {
    if (this.fields[i]!.valueType === 'list') return this.selectionVerdicts(p, i, seen, known, found);
    const v: Verdicts = new Map();
    for (const value of this.space.domains[i]!) {
      if (!this.tried()) break;
      if (seen[i]!.has(value)) v.set(value, true);
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
    for (const { id } of f.options ?? []) {
      if (!this.tried()) break;
      if ([...seen[i]!].some((s) => Array.isArray(s) && s.includes(id))) v.set(id, true);
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
