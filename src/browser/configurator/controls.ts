// One control per field, chosen by the field's type. Each exposes get/set/setDisabled/setRequired/setError/
// setOptions so the element never touches type-specific markup.
import { controlOf } from '../../lang/fields/controls';
import { el, flag, uid } from './dom';
import type { FormField } from './form';
import type { Translate } from './i18n';
import { safeColour, safeImage } from './swatch';

export interface ControlContext {
  t: Translate;
  number(n: number): string;
  changed(id: string): void;
}

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

function rangeHint(f: FormField, c: ControlContext, v = f.validation ?? {}): string {
  const unit = f.unit ? ` ${f.unit}` : '';
  const n = (x: unknown) => c.number(Number(x));
  const parts: string[] = [];
  if (v.min !== undefined && v.max !== undefined) parts.push(`${n(v.min)} – ${n(v.max)}${unit}`);
  else if (v.min !== undefined) parts.push(c.t('atLeast', { a: n(v.min) + unit }));
  else if (v.max !== undefined) parts.push(c.t('atMost', { a: n(v.max) + unit }));
  if (v.step && parts.length) parts.push(c.t('step', { a: n(v.step) }));
  return parts.join(', ');
}

export function createControl(f: FormField, c: ControlContext): Control {
  const id = uid('f');
  const v = f.validation ?? {};
  const { control: kind, rangeHint: showsRange } = controlOf(f.type);
  const label = f.label ?? f.id;
  const wrap = el('div', { part: 'field', class: `field k-${kind}`, 'data-field': f.id });
  const help = f.help ? el('p', { part: 'help', class: 'hint', id: `${id}h`, text: f.help }) : null;
  // A multi-select's range is how many options to tick.
  const range = kind === 'checkboxes' ? { min: v.min_selected, max: v.max_selected } : v;
  const hintText = showsRange ? rangeHint(f, c, range) : '';
  const hint = hintText ? el('p', { part: 'hint', class: 'hint', id: `${id}r`, text: hintText }) : null;
  const error = el('p', { part: 'error', class: 'error', id: `${id}e`, hidden: true });
  const describedBy = [help?.id, hint?.id, error.id].filter(Boolean).join(' ');
  const req = el('span', { class: 'req', 'aria-hidden': 'true', text: ' *', hidden: true });
  const inputs: (HTMLInputElement | HTMLSelectElement)[] = [];
  const optionViews = new Map<string, { input: HTMLInputElement | HTMLOptionElement; reason: HTMLElement | null }>();
  const buttons: HTMLButtonElement[] = [];
  let sync = () => {};
  let off = false;
  let unavailable = new Map<string, string>();
  const changed = () => c.changed(f.id);
  const labelFor = () => el('label', { part: 'label', for: id, class: 'label' }, [label, req]);
  const input = (attrs: Record<string, string | number | boolean | undefined>) => {
    const i = el('input', { 'aria-describedby': describedBy, ...attrs });
    i.addEventListener('input', changed);
    inputs.push(i);
    return i;
  };
  let setRange = (_min?: number, _max?: number) => {};
  let get: () => unknown;
  let set: (x: unknown) => void;

  if (kind === 'number' || kind === 'range') {
    const slider = kind === 'range';
    const box = input({
      id,
      part: 'input',
      type: slider ? 'range' : 'number',
      inputmode: 'decimal',
      min: v.min as number,
      max: v.max as number,
      step: v.step ?? 'any',
      placeholder: slider ? undefined : String(v.min ?? 0),
    });
    wrap.append(labelFor());
    const row = el('div', { class: 'row' }, [box]);
    const out = slider ? el('output', { for: id, class: 'out' }) : null;
    if (out) row.append(out);
    else if (f.unit) row.append(el('span', { part: 'unit', class: 'unit', text: f.unit }));
    wrap.append(row);
    const presets = f.presets?.length
      ? el('div', { part: 'presets', class: 'presets', role: 'group', 'aria-label': `${label}: ${c.t('presets')}` })
      : null;
    for (const p of f.presets ?? []) {
      const b = el('button', { type: 'button', part: 'preset', class: 'chip', text: c.number(p) + (f.unit ? ` ${f.unit}` : '') });
      b.addEventListener('click', () => {
        set(p);
        changed();
      });
      buttons.push(b);
      presets?.append(b);
    }
    if (presets) wrap.append(presets);
    sync = () => {
      if (out) out.textContent = c.number(Number(box.value)) + (f.unit ? ` ${f.unit}` : '');
      (f.presets ?? []).forEach((p, i) => {
        buttons[i]!.setAttribute('aria-pressed', String(box.value !== '' && Number(box.value) === p));
      });
    };
    box.addEventListener('input', () => sync());
    // Called for every field on every update: only a range that moved touches the page.
    let range: [number | undefined, number | undefined] = [undefined, undefined];
    setRange = (min, max) => {
      if (range[0] === min && range[1] === max) return;
      range = [min, max];
      const v = { ...f.validation, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
      for (const [k, x] of [
        ['min', v.min],
        ['max', v.max],
      ] as const) {
        if (x === undefined) box.removeAttribute(k);
        else box.setAttribute(k, String(x));
      }
      if (hint) hint.textContent = rangeHint(f, c, v);
    };
    get = () => (box.value === '' ? undefined : Number.isFinite(Number(box.value)) ? Number(box.value) : box.value);
    set = (x) => {
      const next = x === undefined || x === null ? '' : String(x);
      // A kept form sets every control again; an input given the value it has still re-validates.
      if (box.value !== next) box.value = next;
      sync();
    };
  } else if (kind === 'select') {
    const select = el('select', { id, part: 'input', 'aria-describedby': describedBy });
    if (f.default === undefined) select.append(el('option', { value: '', text: c.t('choose') }));
    for (const o of f.options ?? []) {
      const option = el('option', { value: o.id, text: o.label ?? o.id });
      optionViews.set(o.id, { input: option, reason: null });
      select.append(option);
    }
    select.addEventListener('change', changed);
    inputs.push(select);
    wrap.append(labelFor(), select);
    get = () => select.value || undefined;
    set = (x) => {
      select.value = typeof x === 'string' ? x : '';
    };
  } else if (kind === 'radios' || kind === 'swatches' || kind === 'checkboxes') {
    const swatch = kind === 'swatches';
    const many = kind === 'checkboxes';
    const set_ = el('fieldset', {
      part: 'choices',
      class: swatch ? 'choices swatches' : 'choices',
      'aria-describedby': describedBy,
    });
    set_.append(el('legend', { part: 'label', class: 'label' }, [label, req]));
    for (const o of f.options ?? []) {
      const radio = input({ type: many ? 'checkbox' : 'radio', name: id, value: o.id, class: swatch ? 'sr' : undefined });
      const reason = el('span', { part: 'reason', class: 'reason', hidden: true });
      const parts: Node[] = [radio];
      if (swatch) {
        const chip = el('span', { part: 'swatch', class: 'swatch', 'aria-hidden': 'true' });
        const colour = safeColour(o.colour ?? o.color);
        const image = safeImage(o.image);
        // CSSOM properties, not a style attribute: allowed under a CSP without 'unsafe-inline'.
        if (colour) chip.style.backgroundColor = colour;
        if (image) chip.style.backgroundImage = `url("${image}")`;
        parts.push(chip);
      }
      parts.push(el('span', { class: 'name', text: o.label ?? o.id }), reason);
      set_.append(el('label', { part: swatch ? 'option swatch-option' : 'option', class: swatch ? 'sw' : 'choice' }, parts));
      optionViews.set(o.id, { input: radio, reason });
    }
    wrap.append(set_);
    const boxes = inputs as HTMLInputElement[];
    if (many) {
      // A multi-select sends the ids ticked, in the options' order; once the buyer has touched it, none ticked is
      // a choice too (the empty list), not "nothing entered" (which would bring its default back).
      get = () => boxes.filter((i) => i.checked).map((i) => i.value);
      set = (x) => {
        for (const i of boxes) i.checked = Array.isArray(x) && x.includes(i.value);
      };
    } else {
      get = () => boxes.find((i) => i.checked)?.value;
      set = (x) => {
        for (const i of boxes) i.checked = i.value === x;
      };
    }
  } else if (kind === 'checkbox') {
    const check = input({ id, part: 'input', type: 'checkbox' });
    wrap.append(el('label', { part: 'label', class: 'check', for: id }, [check, el('span', { text: label }), req]));
    get = () => (check as HTMLInputElement).checked;
    set = (x) => {
      (check as HTMLInputElement).checked = x === true;
    };
  } else {
    const date = kind === 'date';
    const text = input({
      id,
      part: 'input',
      type: date ? 'date' : 'text',
      maxlength: v.max_length,
      min: date ? (v.min as string) : undefined,
      max: date ? (v.max as string) : undefined,
    });
    wrap.append(labelFor(), text);
    get = () => ((text as HTMLInputElement).value === '' ? undefined : (text as HTMLInputElement).value);
    set = (x) => {
      (text as HTMLInputElement).value = x === undefined || x === null ? '' : String(x);
    };
  }
  if (hint) wrap.append(hint);
  if (help) wrap.append(help);
  wrap.append(error);
  set(f.default);

  const applyDisabled = () => {
    for (const i of inputs) i.disabled = off;
    for (const b of buttons) b.disabled = off;
    for (const [oid, view] of optionViews) {
      const why = unavailable.get(oid);
      // A ticked checkbox stays enabled, so that the buyer can always untick it; its reason still shows.
      const keep = kind === 'checkboxes' && (view.input as HTMLInputElement).checked;
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
    root: wrap,
    get: () => get(),
    set: (x) => set(x),
    setDisabled(next) {
      off = next;
      wrap.classList.toggle('off', next);
      applyDisabled();
    },
    setRequired(on) {
      req.hidden = !on;
      for (const i of inputs) flag(i, 'aria-required', on);
    },
    setError(message) {
      error.hidden = !message;
      error.textContent = message ?? '';
      wrap.classList.toggle('invalid', !!message);
      for (const i of inputs) flag(i, 'aria-invalid', !!message);
    },
    setRange: (min, max) => setRange(min, max),
    setOptions(next) {
      unavailable = next;
      applyDisabled();
    },
    focus: () => inputs[0]?.focus(),
  };
}
