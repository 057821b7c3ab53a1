// Which control shows which field type; kept free of the DOM so the Node tests can import it.
import type { FormField } from './form';

export type ControlKind =
  | 'number'
  | 'range'
  | 'select'
  | 'radios'
  | 'swatches'
  | 'checkboxes'
  | 'checkbox'
  | 'text'
  | 'date'
  | 'none';

/**
 * How each field type is shown: the `preview` facet of its record in src/lang/fields/registry.ts, copied because
 * the registry does not fit in a browser bundle; test/browser/controls.test.ts holds the two equal.
 */
export const CONTROLS: Record<string, { control: ControlKind; rangeHint: boolean }> = {
  number: { control: 'number', rangeHint: true },
  slider: { control: 'range', rangeHint: false },
  quantity: { control: 'number', rangeHint: true },
  dropdown: { control: 'select', rangeHint: false },
  radio: { control: 'radios', rangeHint: false },
  swatch: { control: 'swatches', rangeHint: false },
  multiselect: { control: 'checkboxes', rangeHint: true },
  checkbox: { control: 'checkbox', rangeHint: false },
  text: { control: 'text', rangeHint: false },
  date: { control: 'date', rangeHint: false },
  hidden: { control: 'none', rangeHint: false },
};

/** A type this component does not know (a newer server) shows as a text box. */
export const specOf = (f: FormField) =>
  Object.hasOwn(CONTROLS, f.type) ? CONTROLS[f.type]! : { control: 'text' as const, rangeHint: false };
export const kindOf = (f: FormField): ControlKind => specOf(f).control;
