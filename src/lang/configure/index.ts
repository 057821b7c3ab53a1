// The configurator engine: for a partial configuration (what the buyer has set so far), every option's
// availability with its reasons, and the range left to each number, such that an option reported available can
// always be completed (docs/schema-language.md, "Availability"). Pure: the model's closures and one context.
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import { evaluateModel, packFor, refusedBeforeChecks } from '../runtime/evaluate';
import { isAbsent, isValidQuantity } from '../runtime/fields';
import type { Pack } from '../runtime/pack';
import { Run } from '../runtime/run';
import type { Evaluation, EvaluationInput } from '../runtime/types';
import { adjustDefaults, searchCompletions } from './adjust';
import { type Analysis, analysisOf, type Space, spaceFor } from './analysis';
import { AnswerSize } from './answer';
import { answerFields } from './answer-fields';
import type { Configuration, ConfigureInput } from './answer-types';
import { askFor } from './ask';
import { Budget, MAX_WORK_UNITS } from './budget';
import { addConflicts } from './conflict';
import { Engine } from './engine';
import { breaksACheck } from './exact/defaults';
import { type ExactAnswer, exactAvailability, exactCompletions, settledFor } from './exact/index';
import { type Tables, tablesOf, untabulated } from './exact/tables';
import { FailingChecks } from './failing';
import { KeptActive } from './kept-active';
import { optionPrices, prices } from './pricing';
import type { Why } from './reasons';
import { UNKNOWN } from './search';
import { wantAnswer } from './want';
import { WhatIf } from './what-if';

/** Units the search gets before the tables take over (the examples spend at most 16,000 in all: budget.ts). */
const SEARCH_FIRST_UNITS = 40_000;

/**
 * Units the search gets first when the request keeps fields active (kept-active.ts): the tables verify those by
 * evaluation on every state, without repairing their last solution, so the search keeps the lead longer (a state of
 * test/fixtures/logic/chains.cpq took it 49,000 units, where the tables ran out of the whole budget).
 */
const SEARCH_FIRST_KEPT_UNITS = 200_000;

/** Units of the budget left that `want` and `conflicts` may spend together (conflict.ts, suggestions.ts). */
const CHOICES_UNITS = 1_000_000;

/**
 * Values of the tables' fields past which the search is not tried first: it tries each value at least once, and
 * the examples have at most 54 (pvc-window), where the smallest generated model (10 fields, 451 values) spent its
 * 40,000 units without an answer (bench/RESULTS.md, "Big models"). Decided from the tables, not by spending.
 */
const SEARCH_FIRST_VALUES = 200;

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
  const { a, sent, quantity, budget, space, kept } = search;
  const soft = withSoftDefaults(m, c, packs, input, search);
  const { evaluation } = soft;
  // A multi-select is always searched, over the selections that keep what the buyer ticked (spaceFor).
  const searchedSent = sent.map((x, i) => (ir.fields[i]!.valueType === 'list' ? undefined : x));
  // The search (search.ts) first, within a sliver of the budget, where ordinary products finish at a fraction of the
  // tables' cost; past it, exact over the model's tables when they hold every check, else the search again. Tables
  // of many values go to the tables at once. The fields the buyer set stay active in every completion
  // (kept-active.ts): the search holds them with the model's checks, the tables as the request's residual checks.
  const searched = (units: Budget) => new Engine(c, kept, space, ir.fields, quantity, searchedSent, units).answer();
  const firstUnits = kept.possible ? SEARCH_FIRST_KEPT_UNITS : SEARCH_FIRST_UNITS;
  const first = searchFirst(tablesOf(m, c, a)) ? searched(budget.part(firstUnits)) : undefined;
  const engine = first?.complete ? first : (exactKeeping(m, c, search) ?? searched(budget));
  const run = new Run(m, c, packFor(m, packs, input.lang));
  // Reasons are found on the configuration shown: its adjusted values, not the defaults they replace.
  const shown = [...sent];
  for (const x of evaluation.adjusted) shown[m.fieldIndex.get(x.field)!] = x.value;
  const failing = new FailingChecks(a, ir, c, quantity, sent, shown, budget);
  const why: Why = { m, c, run, a, quantity, sent, shown, budget, failing, explained: new Map() };
  const answer = new AnswerSize();
  const only = input.compact ? new Set(input.explain) : undefined;
  const { fields, explained } = answerFields(why, evaluation, engine, answer, only);
  const complete = soft.known && engine.complete && explained && !budget.spent && !answer.cut;
  // Asked for only: minimal conflicts and changes take several engine tests per option (conflict.ts).
  const whatIf = input.want || input.conflicts ? new WhatIf(m, c, kept, quantity, sent, budget.part(CHOICES_UNITS)) : undefined;
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

/** Availability over the model's tables, the fields sent kept active (kept-active.ts); undefined when they cannot hold it. */
function exactKeeping(m: CompiledModel, c: Ctx, { a, sent, quantity, budget, kept }: Search): ExactAnswer | undefined {
  const exact = exactAvailability(m, c, a, sent, quantity, budget, kept.own);
  if (exact === undefined || !kept.possible) return exact;
  return kept.recheck(exact, (set, own) => exactCompletions(m, c, a, set, quantity, budget, own)?.first() ?? null);
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
  const kept = new KeptActive(m, c, a, sent, quantity);
  return { a, space: spaceFor(a, ir.fields, sent), sent, quantity, budget: new Budget(c, units), kept };
}

interface Search {
  a: Analysis;
  /** What the request's completions keep active (kept-active.ts). */
  kept: KeptActive;
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
  const { a, space, sent, quantity, budget, kept } = typeof search === 'function' ? search() : search;
  // The tables when they hold the model; else the search. Either keeps the fields sent active (kept-active.ts).
  const exact = exactCompletions(m, c, a, sent, quantity, budget, kept.own);
  const found = adjustDefaults(
    space,
    m.ir.fields,
    sent,
    exact ?? searchCompletions(c, kept.base, space, quantity, sent, budget),
    optionPrices(m, c, quantity, budget),
  );
  if (found === UNKNOWN) return { evaluation: asSent(), known: false };
  if (found === null || (found.adjustments.length === 0 && found.asked.length === 0)) {
    return { evaluation: asSent(), known: true };
  }
  const { adjustments, asked } = found;
  const configuration: Record<string, unknown> = { ...input.configuration };
  for (const x of adjustments) configuration[m.ir.fields[x.field]!.id] = x.value;
  // The values decided over the tables are one of their solutions, unless a multi-select was sent (its completion
  // may tick more than the buyer did, which the configuration keeps) or a field asked for keeps its default.
  const ticked = (x: unknown, i: number) => x !== undefined && m.ir.fields[i]!.valueType === 'list';
  const vouched = exact !== undefined && !sent.some(ticked) && asked.length === 0;
  const notSent = new Set(adjustments.map((x) => x.field));
  const adjusted = evaluateModel(m, c, packs, { ...input, configuration }, { vouched, notSent });
  // A value the adjusted defaults make required (a field `required_when` an adjusted value) is the buyer's to give:
  // the adjusted configuration stands, and asks for it, rather than the default that faults; so does one asked for.
  if (asked.length === 0 && !prices(m, adjusted) && !asksOnly(adjusted)) return { evaluation: asSent(), known: true };
  // A field the adjusted configuration hides or disables ignores the value given to it: its default stands.
  const active = (i: number) => adjusted.fields[i]!.visible && adjusted.fields[i]!.enabled;
  const list = adjustments
    .filter((x) => active(x.field))
    .map((x) => ({ field: m.ir.fields[x.field]!.id, value: x.value, replaced: x.replaced }));
  const evaluation = { ...adjusted, adjusted: list };
  return {
    evaluation: asked.length === 0 ? evaluation : askFor(m, packFor(m, packs, input.lang), evaluation, asked),
    known: true,
  };
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
