// The configurator engine: for a partial configuration (what the buyer has set so far), every option's
// availability with its reasons, and the range left to each number, such that an option reported available can
// always be completed (docs/schema-language.md, "Availability"). Pure: the model's closures and one context.
import { fieldType } from '../fields/registry';
import type { FieldIR } from '../ir';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import { constraintIssue, evaluateModel, packFor, refusedBeforeChecks, ruleIssue } from '../runtime/evaluate';
import { because } from '../runtime/explain';
import type { Val } from '../runtime/fault';
import { isAbsent, isValidQuantity } from '../runtime/fields';
import { format } from '../runtime/messages';
import type { Pack } from '../runtime/pack';
import { Run } from '../runtime/run';
import type { Evaluation, EvaluationInput, FieldState, Issue } from '../runtime/types';
import { adjustDefaults, searchCompletions } from './adjust';
import { type Analysis, analysisOf, type Check, type Space, spaceFor } from './analysis';
import { AnswerSize, idBytes, type Truncated } from './answer';
import { Budget, MAX_WORK_UNITS } from './budget';
import { addConflicts } from './conflict';
import { breaksACheck } from './exact/defaults';
import { type ExactAnswer, exactAvailability, exactCompletions } from './exact/index';
import { type Tables, tablesOf } from './exact/tables';
import { FailingChecks } from './failing';
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

/** A configure request: a partial configuration, the option the buyer wants if any, and whether to list conflicts. */
export interface ConfigureInput extends EvaluationInput {
  want?: Want | undefined;
  conflicts?: boolean | undefined;
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
  const adjusted = new Map(evaluation.adjusted.map((x) => [x.field, x.replaced]));
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
    : (exactAvailability(m, c, a, sent, budget) ?? new Engine(c, a, space, ir.fields, quantity, searched, budget).answer());
  const { verdicts } = engine;
  const run = new Run(m, c, packFor(m, packs, input.lang));
  const failing = new FailingChecks(a, ir, c, quantity, sent, budget);
  const why: Why = { m, c, run, a, quantity, sent, budget, failing, explained: new Map() };
  const answer = new AnswerSize();
  let explained = true;
  const fields: ConfiguredField[] = [];
  for (let i = 0; i < evaluation.fields.length; i++) {
    const state = evaluation.fields[i]!;
    const f = ir.fields[i]!;
    // Written out, not spread: a spread's copy of a field's state was a tenth of a large model's answer time.
    const { id, visible, enabled, required, value } = state;
    const out: ConfiguredField = { id, visible, enabled, required, value, source: sourceOf(f, sent[i], state) };
    if (adjusted.has(f.id)) {
      out.source = 'adjusted';
      out.replaced_default = adjusted.get(f.id)!;
    }
    const refusal = out.source === 'sent' ? refusalOf(evaluation, f.id) : undefined;
    if (refusal !== undefined) {
      out.source = 'refused';
      out.error = { code: refusal.code, message: refusal.message };
    }
    const v = verdicts[i];
    if (f.valueType === 'number' && v !== undefined && typeof f.min === 'number' && typeof f.max === 'number') {
      const feasible = [...v].filter(([, ok]) => ok !== false).map(([p]) => p as number);
      if (feasible.length > 0) {
        out.min = Math.min(...feasible);
        out.max = Math.max(...feasible);
      }
    }
    const choice = choicesOf(f);
    const values = choice?.values;
    // Its options' list is counted with the field (empty): each option is counted as it is added.
    if (values !== undefined) out.options = [];
    if (!answer.fits(out)) {
      answer.leaveOut('fields', evaluation.fields.length - i);
      break;
    }
    fields.push(out);
    if (values === undefined || out.options === undefined) continue;
    // A field no check depends on: any value completes exactly when the configuration can be completed at all.
    const known = (x: Val) => (v === undefined ? engine.satisfiable : v.get(x));
    const { ids, bytes } = choice!;
    for (let k = 0; k < values.length; k++) {
      const x = values[k]!;
      const ok = known(x);
      const option: OptionState = { id: ids[k]!, available: ok !== false, reasons: [] };
      if (!answer.fitsOption(option, bytes[k])) {
        answer.leaveOut('options', values.length - k);
        break;
      }
      out.options.push(option);
      if (ok !== false) continue;
      // Past the answer's reasons cap an option is not explained: it counts as one reason left out (at least).
      if (answer.reasonsFull) {
        answer.leaveOut('reasons', 1);
        continue;
      }
      const found = f.valueType === 'list' ? selectionReasons(why, i, x as string) : reasons(why, i, x);
      if (found === undefined) {
        explained = false;
        continue;
      }
      for (const r of found.listed) {
        if (answer.fitsReason(r)) option.reasons.push(r);
        else answer.leaveOut('reasons', 1);
      }
      answer.leaveOut('reasons', found.more);
    }
  }
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
  // Built once per model, before the request's budget: the model's own work, bounded by exact/tables.ts.
  tablesOf(m, c, a);
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
  const exact = exactCompletions(m, c, a, sent, budget);
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

function sourceOf(f: FieldIR, sent: unknown, state: FieldState): ConfiguredField['source'] {
  if (fieldType(f.type).computed) return 'derived';
  if (sent === undefined) return 'default';
  return state.visible && state.enabled ? 'sent' : 'ignored';
}

/** The first error for a sent value calculate refused: the sent-value checks report under the field's own id as rule. */
function refusalOf(evaluation: Evaluation, id: string): Issue | undefined {
  return evaluation.errors.find((e) => e.field === id && e.rule === id);
}

/** A field's choices as the answer lists them: the values, their ids, and each id's bytes of JSON. */
interface Choices {
  values: readonly Val[];
  ids: readonly string[];
  bytes: Int32Array;
}

/** By field, its choices (undefined: none); the IR is shared by every request, so they are worked out once. */
const choicesKept = new WeakMap<FieldIR, Choices | null>();

function choicesOf(f: FieldIR): Choices | undefined {
  let kept = choicesKept.get(f);
  if (kept === undefined) {
    const values = choices(f);
    const ids = values?.map(String);
    kept = values === undefined ? null : { values, ids: ids!, bytes: Int32Array.from(ids!, idBytes) };
    choicesKept.set(f, kept);
  }
  return kept ?? undefined;
}

/**
 * The values a buyer picks from: a choice field's options, a multi-select's options (each one ticked), a
 * checkbox's false and true (ids "false", "true").
 */
function choices(f: FieldIR): Val[] | undefined {
  if (fieldType(f.type).computed) return undefined;
  if (f.options && (f.valueType === 'string' || f.valueType === 'list')) return f.options.map((o) => o.id);
  return f.valueType === 'boolean' ? [false, true] : undefined;
}

/** Largest selection of a multi-select field. */
const maxSelected = (f: FieldIR) => (typeof f.max === 'number' ? f.max : (f.options?.length ?? 0));

/**
 * A multi-select's selection with option `id` ticked: the one sent (or its fallback) plus the option, or the option
 * alone when that would exceed max_selected.
 */
function ticked(f: FieldIR, sent: unknown, id: Val): readonly string[] {
  const base = Array.isArray(sent) ? (sent as string[]) : Array.isArray(f.fallback) ? (f.fallback as readonly string[]) : [];
  if (base.includes(id as string)) return base;
  return base.length < maxSelected(f) ? [...base, id as string] : [id as string];
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

/** What explaining an option needs: the model, its context and run, the request, and its budget. */
interface Why {
  m: CompiledModel;
  c: Ctx;
  run: Run;
  a: Analysis;
  quantity: number;
  sent: readonly unknown[];
  budget: Budget;
  failing: FailingChecks;
  /** Reasons of checks already explained for an option of a field they do not read, by check. */
  explained: Map<Check, Reason>;
}

/** An option's reasons: at most MAX_REASONS_PER_OPTION, and how many more checks exclude it. */
interface Found {
  listed: Reason[];
  more: number;
}

/**
 * Why an option cannot be completed: the checks that fail when it is chosen with the other values as sent and
 * every other field at its default, preferring those that read only values the buyer has set (those exclude it
 * whatever else is chosen), the first MAX_REASONS_PER_OPTION of them. `because` leaves the option's own field out.
 * Every check evaluated and every reason explained is charged to the budget; undefined once it is spent.
 */
function reasons(w: Why, field: number, option: Val, leaveOutField = true): Found | undefined {
  const { m, c, budget } = w;
  if (budget.spent) return undefined;
  const excluding = w.failing.of(field, option);
  if (excluding === undefined) return undefined;
  const { shown, total } = excluding;
  const id = leaveOutField ? m.ir.fields[field]!.id : undefined;
  const listed: Reason[] = [];
  for (const check of shown) {
    // A check that does not read the option's field gives every option the same reason: explained once.
    const same = !check.deps.includes(field);
    const known = same ? w.explained.get(check) : undefined;
    if (known !== undefined) {
      listed.push(known);
      continue;
    }
    // Explaining walks the check again, reading what it read.
    if (!budget.spend(check.cost)) return undefined;
    const r = reason(m, c, w.run, check, id);
    if (same) w.explained.set(check, r);
    listed.push(r);
  }
  return { listed, more: total - shown.length };
}

/**
 * Why an option of a multi-select cannot be ticked: the sent selection is full (max_selected, reported as the
 * field's own TOO_MANY_SELECTED), or the checks that fail with it ticked besides the options sent (or the default).
 * `because` keeps the field: its selection says which other ticked options take part.
 */
function selectionReasons(w: Why, field: number, option: string): Found | undefined {
  const { m, run, sent } = w;
  const f = m.ir.fields[field]!;
  const raw = sent[field];
  if (Array.isArray(raw) && !raw.includes(option) && raw.length >= maxSelected(f)) {
    const params = { label: run.pack.fieldLabels[field]!, max: String(maxSelected(f)) };
    const at = f.at ?? { line: 1, column: 1 };
    const because = { [f.id]: raw.filter((x): x is string => typeof x === 'string') };
    const message = format(run.pack.messages, 'TOO_MANY_SELECTED', params);
    return { listed: [{ rule: f.id, message, line: at.line, column: at.column, because }], more: 0 };
  }
  return reasons(w, field, ticked(f, raw, option), false);
}

function reason(m: CompiledModel, c: Ctx, run: Run, check: Check, leaveOut: string | undefined): Reason {
  if (check.issue) {
    // A unit that faults: its fault, with no values named (as calculate reports an evaluation fault).
    const found = check.issue(c, run.pack);
    return {
      rule: found?.rule ?? '',
      message: found?.message ?? '',
      line: found?.line ?? 1,
      column: found?.column ?? 1,
      because: {},
    };
  }
  const why = because(m, c, check.expr, leaveOut);
  const issue = check.ref >= 0 ? constraintIssue(run, check.ref, why) : ruleIssue(run, -1 - check.ref, why);
  return { rule: issue.rule ?? '', message: issue.message, line: issue.line ?? 1, column: issue.column ?? 1, because: why };
}
