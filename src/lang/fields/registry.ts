// Every field type, one record each; the IR's FieldType (ir.ts) is the keys of this object. A new type is its file
// and a line here: a record that lacks a facet does not compile, and neither does any switch over FieldType that
// does not handle the new name.
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
} as const satisfies Record<string, FieldTypeSpec>;

/** In the order the docs list them. */
export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];

export function isFieldType(name: string): name is FieldType {
  return Object.hasOwn(FIELD_TYPES, name);
}

export function fieldType(type: FieldType): FieldTypeSpec {
  return FIELD_TYPES[type];
}
