// The form's state: which fields the buyer set, which fields and groups show and take input, each option's
// availability. The element's own evaluation (the server's state rules over the form's JSON Logic, run here on
// every change) and then the server's answer both land here.
import { formStates } from '../../lang/logic-ops';
import type { FormView } from './building';
import type { Condition, FieldState, FormDocument, GroupState } from './form';
import type { Translate } from './i18n';
import { addOperation, apply } from './logic';

/** An option's availability condition; one that cannot be evaluated holds (the server's answer then decides). */
function holds(c: Condition | undefined, data: unknown): boolean {
  if (!c) return true;
  try {
    return apply(c.json_logic, data) !== false;
  } catch {
    return true;
  }
}

export class FormState {
  #visible = new Map<string, boolean>();
  #enabled = new Map<string, boolean>();
  /** Fields the buyer set (or a restored value set): only these are sent, the server fills in the rest. */
  readonly touched = new Set<string>();
  /** The field the buyer changed last: a compact answer explains its unavailable options (pricing.ts). */
  last: string | undefined;

  readonly #view: FormView;

  constructor(view: FormView) {
    this.#view = view;
  }

  /** The configuration: what the buyer set, of the fields that are visible and enabled. */
  value(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const id of this.touched) {
      const v = this.#view.controls.get(id)?.get();
      if (v !== undefined && this.#visible.get(id) && this.#enabled.get(id)) out[id] = v;
    }
    return out;
  }

  /**
   * The server's own state rules (formStates, src/lang/logic-ops.ts) over the form's JSON Logic and what the buyer
   * set, and each option's available_when, applied now.
   */
  evaluate(form: FormDocument, quantity: number, t: Translate): void {
    const raw: Record<string, unknown> = {};
    for (const id of this.touched) raw[id] = this.#view.controls.get(id)?.get();
    this.apply(formStates(form, raw, quantity, { apply, add_operation: addOperation }), t);
    // A form that leaves the options' availability to /v1/configure: its last answer stands until the next one.
    const fromForm = form.option_availability !== 'configure';
    for (const c of fromForm ? this.#view.controls.values() : []) {
      const off = new Map<string, string>();
      for (const o of c.field.options ?? []) if (!holds(o.available_when, { ...raw, quantity })) off.set(o.id, t('unavailable'));
      c.setOptions(off);
    }
  }

  /** The server's states (admin `states`, or /v1/configure's `fields` and `groups`) are authoritative. */
  applyAnswer(body: Record<string, unknown>, t: Translate): void {
    const states = (body.states ?? body) as { fields?: FieldState[]; groups?: GroupState[] };
    if (Array.isArray(states.fields)) this.apply(states, t);
  }

  /** Field and group states, the component's own or the server's, onto the controls. */
  apply(states: { fields?: FieldState[]; groups?: GroupState[] }, t: Translate): void {
    for (const g of states.groups ?? []) {
      this.#visible.set(`group:${g.id}`, g.visible);
      this.#enabled.set(`group:${g.id}`, g.enabled);
    }
    this.#view.showGroups(
      (g) => this.#visible.get(`group:${g}`),
      (g) => this.#enabled.get(`group:${g}`),
    );
    for (const f of states.fields ?? []) {
      const c = this.#view.controls.get(f.id);
      if (!c) continue;
      // A field is enabled only in an enabled group, as the server reports it.
      const enabled = f.enabled && this.#enabled.get(`group:${this.#view.groupOf(f.id)}`) !== false;
      this.#visible.set(f.id, f.visible);
      this.#enabled.set(f.id, f.enabled);
      c.root.hidden = !f.visible;
      c.setDisabled(!enabled);
      c.setRequired(f.required);
      c.setRange(f.min, f.max);
      // Soft defaults (docs/schema-language.md, "Effective values"): a field the buyer has not set shows the value
      // the server adjusted its default to; it stays unset (not in `value`), so the server keeps deciding it.
      if (!this.touched.has(f.id) && f.source === 'adjusted') {
        c.set(f.value);
        c.root.dataset.adjusted = JSON.stringify(f.replaced_default);
      } else if (c.root.dataset.adjusted !== undefined) {
        // No longer adjusted (or set by the buyer): an untouched field shows its declared default again.
        if (!this.touched.has(f.id)) c.set(c.field.default);
        delete c.root.dataset.adjusted;
      }
      if (f.options) {
        const off = new Map<string, string>();
        for (const o of f.options) if (!o.available) off.set(o.id, o.reasons?.[0]?.message ?? t('unavailable'));
        c.setOptions(off);
      } else if (f.available) {
        // A compact answer: the options not listed are unavailable, their reasons not asked for.
        const on = new Set(f.available);
        const off = new Map<string, string>();
        for (const o of c.field.options ?? []) if (!on.has(o.id)) off.set(o.id, t('unavailable'));
        c.setOptions(off);
      }
    }
  }
}
