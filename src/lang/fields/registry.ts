// Every field type, one record each; the keys of this object are exactly the IR's FieldType (ir.ts). A new type is
// its file, its name in FieldType and a line here: a record that lacks a facet does not compile, and neither does
// any switch over FieldType that does not handle the new name, nor this object without it.
import type { FieldType } from '../ir';
import { checkbox } from './checkbox';
import { dropdown, radio, swatch } from './choice';
import { date } from './date';
import { hidden } from './hidden';
import { multiselect } from './multiselect';
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
  multiselect,
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
