// How <cpq-configurator> (and so the backoffice preview) shows each field type: the control it builds and whether
// it prints the min–max range under it. A table of its own, beside the records rather than a facet of them, because
// the browser imports it: a record's other facets bring the checker and re2js (measured: the configurator bundle
// 70 kB gzipped instead of 18 kB, over its 20 kB budget). Exhaustive over FieldType, so a new type does not compile
// without its control.
import type { FieldType } from '../ir';

/** `none`: the field takes no input and is not shown. */
export interface ControlSpec {
  control: 'number' | 'range' | 'select' | 'radios' | 'swatches' | 'checkboxes' | 'checkbox' | 'text' | 'date' | 'none';
  rangeHint: boolean;
}

export const CONTROLS: Readonly<Record<FieldType, ControlSpec>> = {
  number: { control: 'number', rangeHint: true },
  slider: { control: 'range', rangeHint: false },
  quantity: { control: 'number', rangeHint: true },
  dropdown: { control: 'select', rangeHint: false },
  radio: { control: 'radios', rangeHint: false },
  swatch: { control: 'swatches', rangeHint: false },
  // The range hint is the number of options to tick ("at most 2").
  multiselect: { control: 'checkboxes', rangeHint: true },
  checkbox: { control: 'checkbox', rangeHint: false },
  text: { control: 'text', rangeHint: false },
  date: { control: 'date', rangeHint: false },
  hidden: { control: 'none', rangeHint: false },
};

/** A type this browser code does not know (a newer server) shows as a text box. */
export function controlOf(type: string): ControlSpec {
  return Object.hasOwn(CONTROLS, type) ? CONTROLS[type as FieldType] : { control: 'text', rangeHint: false };
}
