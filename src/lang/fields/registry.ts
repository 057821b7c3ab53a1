// Every field type, one record each. The names are the IR's FieldType (ir.ts, the stored contract): a name there
// without a record here, or a record for no name, does not compile. A new type is its file, a line here and its
// name in ir.ts.
import type { FieldType } from '../ir';
import { checkbox } from './checkbox';
import { dropdown, radio, swatch } from './choice';
import { date } from './date';
import { hidden } from './hidden';
import { number, quantity, slider } from './numeric';
import type { FieldTypeSpec } from './spec';
import { text } from './text';

export const FIELD_TYPES = {
  number,
  slider,
  quantity,
  dropdown,
  radio,
  swatch,
  checkbox,
  text,
  date,
  hidden,
} as const satisfies Record<FieldType, FieldTypeSpec>;

/** In the order the docs list them. */
export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];

export function isFieldType(name: string): name is FieldType {
  return Object.hasOwn(FIELD_TYPES, name);
}

export function fieldType(type: FieldType): FieldTypeSpec {
  return FIELD_TYPES[type];
}
