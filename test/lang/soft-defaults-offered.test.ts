/// <reference types="vite/client" />
// Availability agrees with the adjustment (issue 33): with the fields the buyer set kept active (kept-active.ts),
// every value configure offers leads to a configuration that calculate prices, or that only asks for a value the
// buyer has yet to give, and configure still finds completable. Walked over every state the offered values reach, on
// the kitchen run and the child-seat bike, by the search (few values) and over the tables (a handle of 250 options
// puts the kitchen past the values the search is tried first for: the fields set kept active by residual checks).
import { describe, expect, it } from 'vitest';
import type { Configuration } from '../../src/lang/configure/answer-types';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import bike from '../fixtures/promise/child-seat-bike.cpq?raw';
import kitchen from '../fixtures/promise/kitchen-run.cpq?raw';

const HANDLES = 250;

/** A handle of many options that a constraint reads with `condition`: puts a model past the search-first values. */
function handle(condition: string): string {
  const options = Array.from({ length: HANDLES }, (_, k) => `    h${k} { label: "Handle ${k}" }`).join('\n');
  return `
field handle: dropdown {
  label: "Handle"
  options {
${options}
  }
}

constraint last_handle {
  require: handle != "h${HANDLES - 1}" or ${condition}
  message: "The last handle does not fit"
}
`;
}

/** The kitchen run with the handle: answered over the tables. */
const bigKitchen = kitchen + handle('type_1 == "base"');

function model(source: string) {
  const { ir, diagnostics } = analyze(source);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return instantiate(ir as ProductIR);
}

type Model = ReturnType<typeof model>;
type State = Record<string, unknown>;

/** The values offered for each field not set (all but `skip`): the available options, or a number's range. */
function offered(r: Configuration, state: State, skip: ReadonlySet<string>): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const f of r.fields) {
    if (f.id in state || skip.has(f.id) || !f.visible || !f.enabled) continue;
    if (f.options)
      for (const o of f.options) if (o.available) out.push([f.id, o.id === 'true' ? true : o.id === 'false' ? false : o.id]);
    if (typeof f.min === 'number' && typeof f.max === 'number') for (let x = f.min; x <= f.max; x++) out.push([f.id, x]);
  }
  return out;
}

/**
 * Every state reached from none by offered values (one field set at a time), each checked: the configuration
 * prices or only asks, and stays completable. How many states were visited.
 */
function walkOffered(m: Model, skip: ReadonlySet<string> = new Set()): number {
  const seen = new Set<string>();
  const queue: State[] = [{}];
  while (queue.length > 0) {
    const state = queue.pop()!;
    const r = m.configure({ configuration: state, quantity: 1 });
    expect(r.complete).toBe(true);
    for (const [id, value] of offered(r, state, skip)) {
      const next = { ...state, [id]: value };
      const key = JSON.stringify(Object.entries(next).sort());
      if (seen.has(key)) continue;
      seen.add(key);
      const ev = m.calculate({ configuration: next, quantity: 1 });
      const asks = ev.errors.length > 0 && ev.errors.every((e) => e.code === 'REQUIRED');
      expect({ next, priced: ev.price !== null || asks, errors: ev.errors.map((e) => e.rule) }).toMatchObject({
        priced: true,
      });
      expect(m.configure({ configuration: next, quantity: 1 }).satisfiable).toBe(true);
      queue.push(next);
    }
  }
  return seen.size;
}

describe('every value offered prices, with the fields set kept active', () => {
  it('the kitchen run, by the search', () => {
    expect(walkOffered(model(kitchen))).toBeGreaterThan(50);
  });

  it('the kitchen run over the tables (a handle of 250 options): the same offers, none leading to a 422', () => {
    const small = model(kitchen);
    const big = model(bigKitchen);
    // The handle is left at its default in the walk; the other fields are offered as on the small run.
    expect(walkOffered(big, new Set(['handle']))).toBeGreaterThan(50);
    for (const state of [
      { type_1: 'sink80' },
      { type_3: 'sink80' },
      { type_1: 'sink80', type_3: 'sink80' },
      { cabinet_count: 2 },
    ]) {
      const byTables = big.configure({ configuration: state, quantity: 1 });
      const bySearch = small.configure({ configuration: state, quantity: 1 });
      const offers = (r: Configuration) =>
        r.fields.filter((f) => f.id !== 'handle').map((f) => [f.id, f.min, f.max, f.options?.map((o) => o.available)]);
      expect(offers(byTables)).toEqual(offers(bySearch));
    }
  });

  it('two sinks sent over the tables: 422 one_sink, a run of at most two cabinets offered', () => {
    const big = model(bigKitchen);
    const sent = { type_1: 'sink80', type_3: 'sink80' };
    const ev = big.calculate({ configuration: sent, quantity: 1 });
    expect(ev.adjusted).toEqual([]);
    expect(ev.errors.map((e) => e.rule)).toEqual(['one_sink']);
    const r = big.configure({ configuration: sent, quantity: 1 });
    expect(r.fields.find((f) => f.id === 'cabinet_count')).toMatchObject({ value: 3, source: 'default', min: 1, max: 2 });
    // With a sink in the first cabinet, a second sink is unavailable: it would complete only by hiding its cabinet.
    const one = big.configure({ configuration: { type_1: 'sink80' }, quantity: 1 });
    const sink2 = one.fields.find((f) => f.id === 'type_2')!.options!.find((o) => o.id === 'sink80')!;
    expect(sink2.available).toBe(false);
  });

  it('the child-seat bike over the tables takes the cheapest type too: trekking, or cargo in XS', () => {
    const big = model(`${bike.replace('price {', `${handle('bike_type != "cargo"')}\nprice {`)}`);
    const ev = big.calculate({ configuration: { child_seat: true }, quantity: 1 });
    expect(ev.adjusted).toEqual([{ field: 'bike_type', value: 'trekking', replaced: 'city' }]);
    expect(big.configure({ configuration: { child_seat: true }, quantity: 1 }).evaluation).toEqual(ev);
    const xs = big.calculate({ configuration: { child_seat: true, frame: 'xs' }, quantity: 1 });
    expect(xs.adjusted).toEqual([{ field: 'bike_type', value: 'cargo', replaced: 'city' }]);
  });

  it('the child-seat bike', () => {
    expect(walkOffered(model(bike))).toBeGreaterThan(20);
  });
});
