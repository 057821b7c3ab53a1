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
import { addConflicts } from './conflict';
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

/** `units`: the budget (the model's, budget.ts `unitsFor`; the benchmark measures the cost of a unit with more). */
export function configureModel(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: ConfigureInput,
  units?: number,
): Configuration {
  const { ir } = m;
  const search = requestFor(m, c, input, units);
  const { a, sent, quantity, budget, kept } = search;
  const soft = withSoftDefaults(m, c, packs, input, search);
  const { evaluation } = soft;
  // Over the tables that hold the values sent (exact/; a value off them added: exact/typed.ts), the checks they do
  // not hold verified by evaluation. The fields the buyer set stay active in every completion (kept-active.ts): the
  // request's residual checks.
  const engine = exactKeeping(m, c, search);
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
  units?: number,
): Evaluation {
  // The analysis is made only for a configuration that needs it: most calculations price with every default.
  return withSoftDefaults(m, c, packs, input, () => requestFor(m, c, input, units)).evaluation;
}

/**
 * What the exact engine's tables do not hold exactly: a check they verify by evaluation on the states they trust
 * (exact/residual.ts), or a multi-select held over its first selections only (`selections`).
 */
export interface LeftToSearch {
  /** The constraint, error rule or evaluated unit (analysis.ts, Check.unit), or the multi-select's id. */
  rule: string;
  why: string;
  /** Whether it is a multi-select past the selections the tables hold (else a check). */
  selections: boolean;
  /** Whether it is a check left only for reading what a request sends (the quantity, a text, a date): no bound passed. */
  inputs: boolean;
}

/** What the model's tables do not hold exactly (exact/tables.ts), or undefined when they hold all of it. */
export function leftToSearch(m: CompiledModel, c: Ctx): LeftToSearch | undefined {
  const a = analysisOf(m);
  const left = untabulated(m, c, a);
  if (left === undefined) return undefined;
  const { why, inputs } = left;
  if (left.field !== undefined) return { rule: m.ir.fields[left.field]!.id, why, selections: true, inputs };
  const check = a.checks[left.check]!;
  if (check.unit !== undefined) return { rule: check.unit, why, selections: false, inputs };
  const decl = check.ref >= 0 ? m.ir.constraints[check.ref]! : m.ir.rules[-1 - check.ref]!;
  return { rule: decl.id, why, selections: false, inputs };
}

/** Availability over the tables, the fields sent kept active (kept-active.ts). */
function exactKeeping(m: CompiledModel, c: Ctx, { a, sent, quantity, budget, kept }: RequestState): ExactAnswer {
  const exact = exactAvailability(m, c, a, sent, quantity, budget, kept.own);
  if (!kept.possible) return exact;
  return kept.recheck(exact, (set, own) => exactCompletions(m, c, { a, sent: set, quantity, budget }, own).first());
}
