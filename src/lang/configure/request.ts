// A configure or calculate request as the engine works on it: the values sent by field index, the quantity, the
// request's budget and the fields its completions keep active (kept-active.ts), the model's tables built and
// settled before the budget starts (the model's own work, bounded by exact/tables.ts and settling's operations).
import type { FieldIR } from '../ir';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import { isAbsent, isValidQuantity } from '../runtime/fields';
import type { EvaluationInput } from '../runtime/types';
import { type Analysis, analysisOf } from './analysis';
import { Budget, unitsFor } from './budget';
import { settledFor } from './exact/index';
import { tablesOf } from './exact/tables';
import { KeptActive } from './kept-active';

/**
 * What answering the request needs, its budget started after the model's own work (the tables). `units`: the
 * budget, by default the model's (budget.ts, `unitsFor` its searched variables).
 */
export function requestFor(m: CompiledModel, c: Ctx, input: EvaluationInput, units?: number): RequestState {
  const { ir } = m;
  const a = analysisOf(m);
  const sent = sentValues(m, input.configuration);
  const quantity = isValidQuantity(input.quantity, ir.quantity) ? input.quantity : ir.quantity.default;
  // Built and settled once per model, before the request's budget: the model's own work, bounded by exact/tables.ts
  // and settling's operations (exact/index.ts).
  const t = tablesOf(m, c, a);
  settledFor(m, c, a, t);
  const kept = new KeptActive(m, c, a, sent, quantity);
  return { a, sent, quantity, budget: new Budget(c, units ?? unitsFor(t.values.length)), kept };
}

export interface RequestState {
  a: Analysis;
  /** What the request's completions keep active (kept-active.ts). */
  kept: KeptActive;
  sent: readonly unknown[];
  quantity: number;
  budget: Budget;
}

/**
 * By field index, the value sent for it (undefined: not sent, or sent as "no value"). A multi-select's value that is
 * no list of distinct option ids reads as its fallback, as evaluation reads it; a list of them stays as sent, fewer
 * or more than the field selects (a buyer part way; one option too many, which no selection holds). So every list
 * the engine reads is no longer than its field's options, whatever the body held.
 */
function sentValues(m: CompiledModel, config: Record<string, unknown>): unknown[] {
  const out = new Array<unknown>(m.ir.fields.length).fill(undefined);
  if (config === null || typeof config !== 'object') return out;
  for (const key in config) {
    if (!Object.hasOwn(config, key)) continue;
    const i = m.fieldIndex.get(key);
    if (i === undefined || isAbsent(config[key])) continue;
    const f = m.ir.fields[i]!;
    out[i] = f.valueType === 'list' && !isTicks(f, config[key]) ? f.fallback : config[key];
  }
  return out;
}

/** By multi-select: its option ids. */
const optionIds = new WeakMap<FieldIR, ReadonlySet<string>>();

/** Whether a multi-select's value is distinct ids of its options, in one pass (the list is no longer than they). */
function isTicks(f: FieldIR, raw: unknown): boolean {
  if (!Array.isArray(raw) || raw.length > (f.options?.length ?? 0)) return false;
  let ids = optionIds.get(f);
  if (ids === undefined) {
    ids = new Set((f.options ?? []).map((o) => o.id));
    optionIds.set(f, ids);
  }
  const seen = new Set<string>();
  for (const id of raw) {
    if (typeof id !== 'string' || !ids.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}
