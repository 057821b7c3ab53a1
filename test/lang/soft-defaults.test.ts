/// <reference types="vite/client" />
// Soft defaults in process (issue 23; docs/schema-language.md, "Effective values"): what the walks over
// test/fixtures/logic/chains.cpq needed, each on a product small enough to read. An adjusted default that makes
// another field required leaves that value to the buyer; the search refutes a value in few units when the
// failure lies far up its order (conflict-directed backjumping, search.ts).
import { describe, expect, it } from 'vitest';
import { MAX_WORK_UNITS } from '../../src/lang/configure/budget';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import chains from '../fixtures/logic/chains.cpq?raw';

const model = (schema: string) => {
  const { ir, diagnostics } = analyze(schema);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return instantiate(ir!);
};

// Kind "a" hides the tone, whose hidden value "" has no rate: the default faults, and kind "b" makes the strap
// (a checkbox without default) required.
const STRAP = `
product "Strap" {
  language: en
  currency: EUR
}
field kind: dropdown {
  label: "Kind"
  options {
    a { label: "A", heavy: false }
    b { label: "B", heavy: true }
  }
}
field tone: dropdown {
  label: "Tone"
  visible_when: kind == "b"
  options {
    x { label: "X" }
  }
}
field strap: checkbox {
  label: "Strap"
  required_when: kind.heavy
}
table rate: map { x: 10 }
price { line base: "Base" = rate[tone] }
`;

describe('soft defaults', () => {
  it('an adjusted default that makes a field required asks for it, rather than blaming the default that faults', () => {
    const m = model(STRAP);
    const r = m.configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(true);
    expect(r.fields.find((f) => f.id === 'kind')).toMatchObject({ value: 'b', source: 'adjusted', replaced_default: 'a' });
    expect(r.fields.find((f) => f.id === 'strap')).toMatchObject({ visible: true, enabled: true, required: true });
    const calculated = m.calculate({ configuration: {}, quantity: 1 });
    expect(calculated.errors.map((e) => [e.code, e.field])).toEqual([['REQUIRED', 'strap']]);
    expect(calculated.adjusted).toEqual([{ field: 'kind', value: 'b', replaced: 'a' }]);
    // The buyer gives it: priced, with the default still adjusted.
    const done = m.calculate({ configuration: { strap: false }, quantity: 1 });
    expect(done.errors).toEqual([]);
    expect(done.price?.total).toBe(10);
  });

  it('test/fixtures/logic/chains.cpq: configure on nothing set is complete, within a sliver of the budget', () => {
    const r = model(chains).configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(true);
    expect(r.fields.find((f) => f.id === 'kind')).toMatchObject({ value: 'b', source: 'adjusted' });
    // Exhaustive refutations of kind "a" and "c", height 2500 and divisor -5 took 7.9 million units with
    // Gaschnig's backjumping (past the budget); about 30,000 now.
    expect(r.units).toBeLessThan(MAX_WORK_UNITS / 20);
  });
});
