// An unavailable option's minimal conflict (issue 25, "reasons at scale"): the fewest of the buyer's own choices that
// together exclude it, as a configurator's conflict explanation names them: with all of them kept the option has no
// completion, and dropping any one of them gives it one. Found by QuickXplain (Junker, 2004), which splits the
// choices in halves and asks what-if.ts about each half kept: k choices found among n in O(k log(n/k)) tests.
import type { CompiledModel } from '../runtime/compiled-model';
import type { AnswerSize } from './answer';
import type { ConfiguredField } from './answer-types';
import { UNKNOWN } from './verdict';
import { type Completion, optionValue, type Target, type WhatIf } from './what-if';

/** Unavailable options given a conflict in one answer, at most (each is a few tests of the engine, per choice sent). */
export const MAX_CONFLICTS = 20;

/**
 * The option's minimal conflict among `choices` (field indexes, the order kept): [] when no configuration has the
 * option at all, null when it completes with every choice kept (it is available), UNKNOWN once the budget is spent.
 */
export function minimalConflict(w: WhatIf, target: Target, choices: readonly number[]): number[] | null | typeof UNKNOWN {
  const test = (kept: readonly number[]): boolean => {
    const found: Completion = w.completion(target, kept);
    if (found === UNKNOWN) throw OUT_OF_BUDGET;
    return found !== null;
  };
  try {
    if (test(choices)) return null;
    if (choices.length === 0 || !test([])) return [];
    return quickXplain(test, [], false, choices);
  } catch (e) {
    if (e === OUT_OF_BUDGET) return UNKNOWN;
    throw e;
  }
}

/**
 * A minimal subset of `choices` that, with `kept`, leaves no completion (`kept` with all of `choices` leaves none);
 * `added`: whether `kept` grew since the last test, so that it may already be a conflict alone.
 */
function quickXplain(
  test: (kept: readonly number[]) => boolean,
  kept: readonly number[],
  added: boolean,
  choices: readonly number[],
): number[] {
  if (added && !test(kept)) return [];
  if (choices.length === 1) return [...choices];
  const half = choices.length >> 1;
  const first = choices.slice(0, half);
  const second = choices.slice(half);
  const fromSecond = quickXplain(test, [...kept, ...first], first.length > 0, second);
  const fromFirst = quickXplain(test, [...kept, ...fromSecond], fromSecond.length > 0, first);
  return [...fromFirst, ...fromSecond];
}

const OUT_OF_BUDGET = Symbol('budget');

/**
 * Gives the first MAX_CONFLICTS unavailable options of the answer, in schema order, their `conflict` (field ids),
 * each counted in the answer's size; returns how many unavailable options were left without one.
 */
export function addConflicts(w: WhatIf, m: CompiledModel, fields: readonly ConfiguredField[], answer: AnswerSize): number {
  let given = 0;
  let left = 0;
  for (const out of fields) {
    const field = m.fieldIndex.get(out.id)!;
    for (const o of out.options ?? []) {
      if (o.available) continue;
      if (given >= MAX_CONFLICTS || w.budget.spent) {
        left++;
        continue;
      }
      const target = { field, value: optionValue(m.ir.fields[field]!, o.id) };
      const found = minimalConflict(w, target, w.choices(target));
      const conflict = Array.isArray(found) ? found.map((i) => m.ir.fields[i]!.id) : undefined;
      if (conflict === undefined || !answer.fits(conflict)) {
        left++;
        continue;
      }
      o.conflict = conflict;
      given++;
    }
  }
  return left;
}
