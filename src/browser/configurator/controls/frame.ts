// What every control shares, whatever its kind: the field's wrapper, label parts, help, range hint and error, and
// the inputs the control's kind registers so that disabling, marking required or invalid reach all of them.
import { el, uid } from '../dom';
import type { FormField } from '../form';
import type { Translate } from '../i18n';

export interface ControlContext {
  t: Translate;
  number(n: number): string;
  changed(id: string): void;
}

export type Validation = NonNullable<FormField['validation']>;

/** An option's input (a radio, a checkbox, an <option>) and where its unavailability reason shows. */
export interface OptionView {
  input: HTMLInputElement | HTMLOptionElement;
  reason: HTMLElement | null;
}

export interface Frame {
  field: FormField;
  context: ControlContext;
  /** The id of the field's first input; the label points at it. */
  id: string;
  label: string;
  wrap: HTMLElement;
  describedBy: string;
  /** The "*" shown while the field is required. */
  req: HTMLElement;
  hint: HTMLElement | null;
  help: HTMLElement | null;
  error: HTMLElement;
  inputs: (HTMLInputElement | HTMLSelectElement)[];
  buttons: HTMLButtonElement[];
  options: Map<string, OptionView>;
  /** Tells the element that the buyer changed the field. */
  changed(): void;
  /** The field's <label> for its first input. */
  labelFor(): HTMLLabelElement;
  /** An input that reports each change and follows the field's disabled, required and invalid states. */
  input(attrs: Record<string, string | number | boolean | undefined>): HTMLInputElement;
}

/** The range printed under a field: its bounds, or the given ones (a server's narrower range). */
export function rangeHint(f: FormField, c: ControlContext, v: Validation): string {
  const unit = f.unit ? ` ${f.unit}` : '';
  const n = (x: unknown) => c.number(Number(x));
  const parts: string[] = [];
  if (v.min !== undefined && v.max !== undefined) parts.push(`${n(v.min)} – ${n(v.max)}${unit}`);
  else if (v.min !== undefined) parts.push(c.t('atLeast', { a: n(v.min) + unit }));
  else if (v.max !== undefined) parts.push(c.t('atMost', { a: n(v.max) + unit }));
  if (v.step && parts.length) parts.push(c.t('step', { a: n(v.step) }));
  return parts.join(', ');
}

/** A field's frame, with the range hint given (empty: none). */
export function frame(f: FormField, c: ControlContext, hintText: string, kind: string): Frame {
  const id = uid('f');
  const help = f.help ? el('p', { part: 'help', class: 'hint', id: `${id}h`, text: f.help }) : null;
  const hint = hintText ? el('p', { part: 'hint', class: 'hint', id: `${id}r`, text: hintText }) : null;
  const error = el('p', { part: 'error', class: 'error', id: `${id}e`, hidden: true });
  const describedBy = [help?.id, hint?.id, error.id].filter(Boolean).join(' ');
  const req = el('span', { class: 'req', 'aria-hidden': 'true', text: ' *', hidden: true });
  const label = f.label ?? f.id;
  const inputs: Frame['inputs'] = [];
  const changed = () => c.changed(f.id);
  return {
    field: f,
    context: c,
    id,
    label,
    wrap: el('div', { part: 'field', class: `field k-${kind}`, 'data-field': f.id }),
    describedBy,
    req,
    hint,
    help,
    error,
    inputs,
    buttons: [],
    options: new Map(),
    changed,
    labelFor: () => el('label', { part: 'label', for: id, class: 'label' }, [label, req]),
    input(attrs) {
      const i = el('input', { 'aria-describedby': describedBy, ...attrs });
      i.addEventListener('input', changed);
      inputs.push(i);
      return i;
    },
  };
}

/** Help, hint and error go under the control's own markup. */
export function finish(fr: Frame): void {
  if (fr.hint) fr.wrap.append(fr.hint);
  if (fr.help) fr.wrap.append(fr.help);
  fr.wrap.append(fr.error);
}

/** What a kind of control builds into its frame: how its value is read and written. */
export interface Body {
  /** The entered value; undefined when nothing is entered. */
  get(): unknown;
  set(v: unknown): void;
  /** Numbers: the range a server found still completable; undefined restores the field's. */
  setRange?(min: number | undefined, max: number | undefined): void;
}

/** A kind of control (the `control` facet of a field type's record names one). */
export interface Kind {
  /** The range its hint prints, from the field's validation; the validation itself when absent. */
  range?(v: Validation): Validation;
  /** A ticked option stays enabled while unavailable, so that the buyer can always untick it. */
  keepsTicked?: boolean;
  build(fr: Frame): Body;
}
