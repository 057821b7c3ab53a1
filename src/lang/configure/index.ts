// The configurator engine: for a partial configuration (what the buyer has set so far), every option's
// availability with its reasons, and the range left to each number, such that an option reported available can
// always be completed (docs/schema-language.md, "Availability"). Pure: the model's closures and one context.
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import { packFor } from '../runtime/evaluate';
import type { Pack } from '../runtime/pack';
import { Run } from '../runtime/run';
import type { Evaluation, EvaluationInput } from '../runtime/types';
import { analysisOf } from './analysis';
import { AnswerSize } from './answer';
import { answerFields } from './answer-fields';
import type { Configuration, ConfigureInput } from './answer-types';
import { MAX_WORK_UNITS } from './budget';
import { addConflicts } from './conflict';
import { Engine } from './engine';
import { type ExactAnswer, exactAvailability } from './exact/index';
import { untabulated } from './exact/tables';
import { FailingChecks } from './failing';
import type { Why } from './reasons';
import { type RequestState, requestFor } from './request';
import { exactCompletions } from './soft-defaults/completions';
import { withSoftDefaults } from './soft-defaults/index';
import { wantAnswer } from './want';
import { WhatIf } from './what-if';

/** Units of the budget left that `want` and `conflicts` may spend together (conflict.ts, suggestions.ts). */
const CHOICES_UNITS = 1_000_000;

/** `units`: the budget (MAX_WORK_UNITS; the benchmark measures the cost of a unit with more). */
export function configureModel(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: ConfigureInput,
  units = MAX_WORK_UNITS,
): Configuration {
  const { ir } = m;
  const search = requestFor(m, c, input, units);
  const { a, sent, quantity, budget, space, kept } = search;
  const soft = withSoftDefaults(m, c, packs, input, search);
  const { evaluation } = soft;
  // A multi-select is always searched, over the selections that keep what the buyer ticked (spaceFor).
  const searchedSent = sent.map((x, i) => (ir.fields[i]!.valueType === 'list' ? undefined : x));
  // Exact over the model's tables (exact/; a number typed off its points added to them: exact/typed.ts), the checks
  // they do not hold verified by evaluation; the search (engine.ts) only where no tables hold the model or a value
  // sent. The fields the buyer set stay active in every completion (kept-active.ts): the request's residual checks.
  const engine = exactKeeping(m, c, search) ?? new Engine(c, kept, space, ir.fields, quantity, searchedSent, budget).answer();
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
 * take the values soft-defaults/ decides, if that prices. Under one budget: past it the configuration as sent.
 */
export function calculateModel(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: EvaluationInput,
  units = MAX_WORK_UNITS,
): Evaluation {
  // The analysis is made only for a configuration that needs it: most calculations price with every default.
  return withSoftDefaults(m, c, packs, input, () => requestFor(m, c, input, units)).evaluation;
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
function exactKeeping(m: CompiledModel, c: Ctx, { a, sent, quantity, budget, kept }: RequestState): ExactAnswer | undefined {
  const exact = exactAvailability(m, c, a, sent, quantity, budget, kept.own);
  if (exact === undefined || !kept.possible) return exact;
  return kept.recheck(exact, (set, own) => exactCompletions(m, c, { a, sent: set, quantity, budget }, own)?.first() ?? null);
}
