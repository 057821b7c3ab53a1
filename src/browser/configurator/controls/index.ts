// One control per field, of the kind its type's record names (the `control` facet, src/lang/fields/spec.ts; read
// here from src/generated/field-controls.ts). Each exposes get/set/setDisabled/setRequired/setError/setOptions,
// so the element never touches a kind's markup; a kind is its own module (number.ts, choices.ts, …).
import { fieldControls } from '../../../generated/field-controls';
import type { ControlSpec } from '../../../lang/fields/spec';
import { flag } from '../dom';
import type { FormField } from '../form';
import { checkbox } from './checkbox';
import { checkboxes, radios, swatches } from './choices';
import { type ControlContext, finish, frame, type Kind, rangeHint } from './frame';
import { number, range } from './number';
import { select } from './select';
import { date, text } from './text';

export type { ControlContext } from './frame';

export interface Control {
  field: FormField;
  root: HTMLElement;
  /** The entered value; undefined when nothing is entered. */
  get(): unknown;
  set(v: unknown): void;
  setDisabled(off: boolean): void;
  setRequired(on: boolean): void;
  setError(message: string | null): void;
  /** Option id → the reason it is unavailable; absent ids are available. */
  setOptions(unavailable: Map<string, string>): void;
  /** Numbers: the range a server found still completable (/v1/configure's min and max); undefined restores the field's. */
  setRange(min: number | undefined, max: number | undefined): void;
  focus(): void;
}

/** Every control a record may name but `none` (a field that takes no input and is not shown). */
const KINDS: Record<Exclude<ControlSpec['control'], 'none'>, Kind> = {
  number,
  range,
  select,
  radios,
  swatches,
  checkboxes,
  checkbox,
  text,
  date,
};

/** A type this browser code does not know (a newer server) shows as a text box. */
function controlOf(type: string): ControlSpec {
  return Object.hasOwn(fieldControls, type) ? fieldControls[type]! : { control: 'text', rangeHint: false };
}

/** Whether a field has a control: false for the fields that take no input (hidden). */
export const shown = (f: FormField) => controlOf(f.type).control !== 'none';

export function createControl(f: FormField, c: ControlContext): Control {
  const spec = controlOf(f.type);
  // `none` is never built (building.ts asks only for the fields `shown`); a text box is the safe reading of it.
  const kind = KINDS[spec.control === 'none' ? 'text' : spec.control];
  const v = f.validation ?? {};
  const fr = frame(f, c, spec.rangeHint ? rangeHint(f, c, kind.range?.(v) ?? v) : '', spec.control);
  const body = kind.build(fr);
  finish(fr);
  body.set(f.default);
  let off = false;
  let unavailable = new Map<string, string>();

  const applyDisabled = () => {
    for (const i of fr.inputs) i.disabled = off;
    for (const b of fr.buttons) b.disabled = off;
    for (const [oid, view] of fr.options) {
      const why = unavailable.get(oid);
      const keep = kind.keepsTicked === true && (view.input as HTMLInputElement).checked;
      view.input.disabled = off || (why !== undefined && !keep);
      if (view.reason) {
        view.reason.hidden = why === undefined;
        view.reason.textContent = why ?? '';
      } else if (view.input instanceof HTMLOptionElement) {
        const name = f.options?.find((o) => o.id === oid)?.label ?? oid;
        view.input.textContent = why === undefined ? name : `${name} (${why})`;
      }
    }
  };

  return {
    field: f,
    root: fr.wrap,
    get: () => body.get(),
    set: (x) => body.set(x),
    setDisabled(next) {
      off = next;
      fr.wrap.classList.toggle('off', next);
      applyDisabled();
    },
    setRequired(on) {
      fr.req.hidden = !on;
      for (const i of fr.inputs) flag(i, 'aria-required', on);
    },
    setError(message) {
      fr.error.hidden = !message;
      fr.error.textContent = message ?? '';
      fr.wrap.classList.toggle('invalid', !!message);
      for (const i of fr.inputs) flag(i, 'aria-invalid', !!message);
    },
    setRange: (min, max) => body.setRange?.(min, max),
    setOptions(next) {
      unavailable = next;
      applyDisabled();
    },
    focus: () => fr.inputs[0]?.focus(),
  };
}
