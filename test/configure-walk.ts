// One buyer's walk through /v1/configure's answers, shared by the in-process walk (test/lang/configure-walk.test.ts)
// and the HTTP one (test/api/configure.test.ts), so both check the no-dead-end promise the same way.
import { expect } from 'vitest';
import type { ConfiguredField } from '../src/lang/configure/index';
import type { ProductIR } from '../src/lang/ir';

export interface WalkAnswer {
  complete: boolean;
  fields: Pick<ConfiguredField, 'id' | 'visible' | 'enabled' | 'required' | 'value' | 'source' | 'options' | 'min' | 'max'>[];
}
export type WalkField = WalkAnswer['fields'][number];

export interface Walk {
  /** The engine's answer for a configuration. */
  ask(configuration: Record<string, unknown>): WalkAnswer | Promise<WalkAnswer>;
  /** The answer for the empty configuration: which fields are typed in rather than searched. */
  first: WalkAnswer;
  /** A whole number below n. */
  pick(n: number): number;
  /** A valid typed-in value for a text or date field, and whether a buyer must type it before anything else. */
  typed(f: WalkField): { value: unknown; first: boolean };
  /** Names the walk in failure messages. */
  label: string;
}

const MAX_STEPS = 60;

/** Typed-in values valid for the examples' text and date fields: a date's first day, a postcode, a word. */
export function typedFor(ir: ProductIR): Walk['typed'] {
  const byId = new Map(ir.fields.map((f) => [f.id, f]));
  return (f) => {
    const field = byId.get(f.id);
    if (field?.type === 'date') return { value: field.min, first: true };
    return { value: field?.pattern ? '12345' : 'HELLO', first: false };
  };
}

/**
 * Text and dates are not searched, so they are set first, as typed in. Then, until nothing is open, one open field
 * at random gets an available option (there must be one) or a number at its reported bound. A multi-select stays
 * open while it has an available option not yet ticked: each step ticks one more (ticking is what
 * must never lead to a dead end). Every answer must be complete. Returns the configuration the walk ends with, for
 * the caller to price.
 */
export async function walk(w: Walk): Promise<Record<string, unknown>> {
  const configuration: Record<string, unknown> = {};
  for (const f of w.first.fields) {
    if (f.source === 'derived' || f.options || typeof f.value !== 'string') continue;
    const { value, first } = w.typed(f);
    if (first || w.pick(2) === 0) configuration[f.id] = value;
  }
  for (let step = 0; step < MAX_STEPS; step++) {
    const r = await w.ask(configuration);
    expect(r.complete).toBe(true);
    const ticked = (id: string) => (Array.isArray(configuration[id]) ? (configuration[id] as string[]) : []);
    // At max_selected the options not ticked are unavailable (the field's own reason), so the field closes.
    const more = (f: WalkField) => (f.options ?? []).some((o) => o.available && !ticked(f.id).includes(o.id));
    const open = r.fields.filter(
      (f) =>
        f.visible && f.enabled && f.source !== 'derived' && (!(f.id in configuration) || (Array.isArray(f.value) && more(f))),
    );
    // A required text a buyer must type in (such as a postcode shown with installation) is filled in as well.
    const pickable = open.filter((f) => f.options || typeof f.value === 'number' || (f.required && typeof f.value === 'string'));
    if (pickable.length === 0) break;
    const f = pickable[w.pick(pickable.length)]!;
    if (Array.isArray(f.value)) {
      const available = (f.options ?? []).filter((o) => o.available && !ticked(f.id).includes(o.id));
      expect(available.length, `${w.label}: ${f.id} has an option to tick in ${JSON.stringify(configuration)}`).toBeGreaterThan(
        0,
      );
      configuration[f.id] = [...ticked(f.id), available[w.pick(available.length)]!.id];
    } else if (f.options) {
      const available = f.options.filter((o) => o.available);
      expect(available.length, `${w.label}: ${f.id} has an available option in ${JSON.stringify(configuration)}`).toBeGreaterThan(
        0,
      );
      const o = available[w.pick(available.length)]!;
      configuration[f.id] = typeof f.value === 'boolean' ? o.id === 'true' : o.id;
    } else if (typeof f.value === 'string') configuration[f.id] = w.typed(f).value;
    else configuration[f.id] = f.min === undefined ? f.value : w.pick(2) === 0 ? f.min : f.max;
  }
  return configuration;
}
