// Soft defaults (issue 23; docs/schema-language.md, "Effective values"), in one place: a calculation prices with
// the configuration as sent when it can; else, when only checks refuse it, the fields not sent take the values
// adjust.ts decides over the completions of completions.ts, if that prices (as-sent.ts tells, from the tables,
// whether the checks refuse the configuration as sent before it is evaluated).
import type { CompiledModel } from '../../runtime/compiled-model';
import type { Ctx } from '../../runtime/context';
import { evaluateModel, packFor, refusedBeforeChecks } from '../../runtime/evaluate';
import type { Pack } from '../../runtime/pack';
import type { Evaluation, EvaluationInput } from '../../runtime/types';
import { askFor } from '../ask';
import { tablesOf } from '../exact/tables';
import { optionPrices, prices } from '../pricing';
import type { RequestState } from '../request';
import { UNKNOWN } from '../verdict';
import { adjustDefaults } from './adjust';
import { breaksACheck } from './as-sent';
import { exactCompletions } from './completions';

/**
 * `known`: false when the budget ran out before the adjustments were decided. `search`: made already (configure), or
 * made only when needed (calculate: most calculations price with every default).
 */
export function withSoftDefaults(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: EvaluationInput,
  search: RequestState | (() => RequestState),
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
  const { a, sent, quantity, budget, kept } = typeof search === 'function' ? search() : search;
  // The completions keep the fields sent active (kept-active.ts).
  const completions = exactCompletions(m, c, { a, sent, quantity, budget }, kept.own);
  const found = adjustDefaults(a, m.ir.fields, sent, completions, optionPrices(m, c, quantity, budget));
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
  const vouched = !sent.some(ticked) && asked.length === 0;
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
  search: RequestState,
): boolean {
  const t = tablesOf(m, c, search.a);
  return breaksACheck(t, search.a, m.ir.fields, search.sent) && !refusedBeforeChecks(m, c, packs, input);
}

/** Whether only values the buyer has yet to give (REQUIRED) keep the calculation from pricing. */
function asksOnly(ev: Evaluation): boolean {
  return ev.unlistedErrors === 0 && ev.errors.length > 0 && ev.errors.every((e) => e.code === 'REQUIRED');
}

/**
 * Only the checks the search knows refuse it, besides values the buyer has yet to give: no value sent is invalid, no
 * key unknown. A required value not given yet (a date the buyer types last) is the buyer's to give, as it is once
 * adjusted (asksOnly): it does not freeze the decisions of the fields it does not constrain (issue 44).
 */
function adjustable(ev: Evaluation): boolean {
  return (
    ev.unlistedErrors === 0 &&
    !(asksOnly(ev) && ev.outputErrors.size === 0) &&
    ev.errors.every((e) => e.code === 'CONSTRAINT' || e.code === 'RULE' || e.code === 'REQUIRED' || e.code.startsWith('R_'))
  );
}
