// A configure request's `want` (issue 25): one option the buyer would like, and what to change among their choices
// to get it. The answer says whether it is available already, whether any configuration has it at all, its minimal
// conflict (conflict.ts) and the minimal changes that make it available (suggestions.ts), each one verified: a
// completion has the option, the changed fields at the values listed, and every other choice as sent.
import { fieldType } from '../fields/registry';
import type { FieldIR, ProductIR } from '../ir';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Want, WantAnswer } from './answer-types';
import { minimalConflict } from './conflict';
import { changesFor } from './suggestions';
import { UNKNOWN } from './verdict';
import { optionValue, type Target, type WhatIf } from './what-if';

/** Why a `want` names no option of the product (an unknown field, a field without options, an unknown option), or undefined. */
export function wantProblem(
  ir: ProductIR,
  want: Want,
): { at: 'field' | 'option'; message: string; available: string[] } | undefined {
  const f = ir.fields.find((x) => x.id === want.field);
  const ids = f === undefined ? [] : optionIds(f);
  if (f === undefined || ids.length === 0) {
    const available = ir.fields.filter((x) => optionIds(x).length > 0).map((x) => x.id);
    return { at: 'field', message: `'${want.field}' is not a field with options of this product`, available };
  }
  if (!ids.includes(want.option)) {
    return { at: 'option', message: `'${want.option}' is not an option of the field '${want.field}'`, available: ids };
  }
  return undefined;
}

/** The option ids configure lists for a field a buyer picks from (index.ts, `choices`); none for other fields. */
function optionIds(f: FieldIR): string[] {
  if (fieldType(f.type).computed) return [];
  if (f.options && (f.valueType === 'string' || f.valueType === 'list')) return f.options.map((o) => o.id);
  return f.valueType === 'boolean' ? ['false', 'true'] : [];
}

/** The answer to `want`; undefined when it names no option of the product (wantProblem: the API refuses it first). */
export function wantAnswer(w: WhatIf, m: CompiledModel, want: Want): WantAnswer | undefined {
  if (wantProblem(m.ir, want) !== undefined) return undefined;
  const field = m.fieldIndex.get(want.field)!;
  const target: Target = { field, value: optionValue(m.ir.fields[field]!, want.option) };
  const choices = w.choices(target);
  const conflict = minimalConflict(w, target, choices);
  const base = { field: want.field, option: want.option };
  if (conflict === UNKNOWN) return { ...base, available: null, possible: null, suggestions: [], complete: false };
  if (conflict === null) return { ...base, available: true, possible: true, suggestions: [], complete: true };
  if (conflict.length === 0) return { ...base, available: false, possible: false, conflict: [], suggestions: [], complete: true };
  const id = (i: number) => m.ir.fields[i]!.id;
  const changes = changesFor(w, target, choices, conflict);
  return {
    ...base,
    available: false,
    possible: true,
    conflict: conflict.map(id),
    suggestions: changes.list.map((change) => ({ change: Object.fromEntries([...change].map(([i, v]) => [id(i), v])) })),
    complete: changes.complete,
  };
}
