/// <reference types="vite/client" />
// The no-dead-end promise in process, from 100 random starting points per example: a buyer who keeps choosing
// available options (and numbers within the reported min/max) for the fields not yet set always ends with a
// configuration that prices. A multi-select is ticked one available option at a time, as long as one is left
// unticked (ticking is what must never lead to a dead end). test/api/configure.test.ts walks over HTTP, fewer times.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import type { ProductIR } from '../../src/lang/ir';
import { instantiate } from '../../src/lang/runtime/index';

const sources = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const WALKS = 100;

describe.each(Object.entries(sources).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]))('%s', (_, source) => {
  it(`every one of ${WALKS} random walks through available values ends in a configuration that prices`, () => {
    const ir = analyze(source).ir as ProductIR;
    const model = instantiate(ir);
    let seed = 0x2545f491;
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const quantity = ir.quantity.default;
    const first = model.configure({ configuration: {}, quantity });
    for (let walk = 0; walk < WALKS; walk++) {
      const configuration: Record<string, unknown> = {};
      // Text and dates are not searched: set first, as typed in, with values valid for the examples' fields.
      for (const f of ir.fields) {
        if (f.value !== undefined || f.options || f.valueType !== 'string') continue;
        if (f.type === 'date' || random(2) === 0) configuration[f.id] = f.type === 'date' ? f.min : f.pattern ? '12345' : 'HELLO';
      }
      for (let step = 0; step < 60; step++) {
        const r = model.configure({ configuration, quantity });
        expect(r.complete).toBe(true);
        const ticked = (id: string) => (Array.isArray(configuration[id]) ? (configuration[id] as string[]) : []);
        const untickedAvailable = (f: (typeof r.fields)[number]) =>
          (f.options ?? []).filter((o) => o.available && !ticked(f.id).includes(o.id));
        const max = (id: string) => ir.fields.find((x) => x.id === id)?.max ?? Number.POSITIVE_INFINITY;
        const open = r.fields.filter(
          (f) =>
            f.visible &&
            f.enabled &&
            f.source !== 'derived' &&
            (!(f.id in configuration) ||
              (Array.isArray(f.value) && untickedAvailable(f).length > 0 && ticked(f.id).length < (max(f.id) as number))),
        );
        // A required text a buyer must type in (such as a postcode shown with installation) is filled in as well.
        const pickable = open.filter(
          (f) => f.options || typeof f.value === 'number' || (f.required && typeof f.value === 'string'),
        );
        if (pickable.length === 0) break;
        const f = pickable[random(pickable.length)]!;
        if (!f.options && typeof f.value === 'string')
          configuration[f.id] = ir.fields.find((x) => x.id === f.id)?.pattern ? '12345' : 'HELLO';
        else if (Array.isArray(f.value)) {
          const more = untickedAvailable(f);
          expect(more.length, `${f.id} in ${JSON.stringify(configuration)}`).toBeGreaterThan(0);
          configuration[f.id] = [...ticked(f.id), more[random(more.length)]!.id];
        } else if (f.options) {
          const available = f.options.filter((o) => o.available);
          expect(available.length, `${f.id} in ${JSON.stringify(configuration)}`).toBeGreaterThan(0);
          const o = available[random(available.length)]!;
          configuration[f.id] = typeof f.value === 'boolean' ? o.id === 'true' : o.id;
        } else configuration[f.id] = f.min === undefined ? f.value : random(2) === 0 ? f.min : f.max;
      }
      const done = model.evaluate({ configuration, quantity });
      expect(done.errors, JSON.stringify(configuration)).toEqual([]);
      expect(done.price).not.toBeNull();
    }
    expect(first.complete).toBe(true);
  }, 300_000);
});
