// Inferred types of expressions, shared by types.ts and type-refs.ts.

import type { ValueType } from '../ir';
import type { StringLit } from '../syntax/ast';
import type { FieldModel } from './checked-model';
import type { Ctx } from './context';
import { didYouMean, listOf } from './suggest';

/** `unknown`: already reported, or declared by a broken declaration; compatible with everything. */
export type Ty = ValueType | 'unknown';

export interface Inferred {
  ty: Ty;
  /** Set when the value is a choice field's: literal comparisons are checked against its options. */
  choice?: FieldModel;
}

export const UNKNOWN: Inferred = { ty: 'unknown' };
export const NUMBER: Inferred = { ty: 'number' };
export const STRING: Inferred = { ty: 'string' };
export const BOOLEAN: Inferred = { ty: 'boolean' };

/** A string literal compared with a choice field (or a key of a map it indexes) must be one of its options. */
export function checkOptionId(ctx: Ctx, field: FieldModel, lit: StringLit): void {
  const ids = optionIds(field);
  if (ids.size === 0 || ids.has(lit.value)) return;
  ctx.diags.add(
    'E_UNKNOWN_OPTION',
    lit.span,
    `"${lit.value}" is not an option of field "${field.id}" (${listOf(ids)})${didYouMean(lit.value, ids)}`,
  );
}

// A field's option ids, gathered once: a schema compares many literals with one field of many options.
const idsOf = new WeakMap<FieldModel, Set<string>>();

function optionIds(field: FieldModel): Set<string> {
  let ids = idsOf.get(field);
  if (!ids) {
    ids = new Set((field.options ?? []).map((o) => o.id));
    idsOf.set(field, ids);
  }
  return ids;
}
