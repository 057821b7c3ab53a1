/// <reference types="vite/client" />
// The no-dead-end promise in process (issue 23; docs/schema-language.md, "Availability" and "Effective values"), each
// part on a product small enough to read: an adjusted default that makes another field required leaves that value
// to the buyer; the search refutes a value in few units when the failure lies far up its order (conflict-directed
// backjumping, exact/solver.ts), which test/fixtures/logic/chains.cpq needed; a completion whose total calculate refuses
// (negative, or past the safe integers) vouches for nothing.
import { describe, expect, it } from 'vitest';
import type { ConfiguredField } from '../../src/lang/configure/answer-types';
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

const CREDIT = `
product "Credit" {
  language: en
  currency: EUR
}
field credit: number { label: "Credit", min: 0, max: 100, step: 1, default: 0 }
field deal: dropdown {
  label: "Deal"
  options {
    none { label: "None", off: 0 }
    big { label: "Big", off: 80 }
  }
}
price {
  line base: "Base" = 50
  line credit: "Credit" = -credit
  line deal: "Deal" = -deal.off
}
`;

const HUGE = `
product "Huge" {
  language: en
  currency: EUR
}
field count: number { label: "Count", min: 0, max: 1000000000, default: 1 }
price {
  line base: "Base" = count * count * 100
}
`;

// Past ±1.8e308 the line's arithmetic itself faults (R_NOT_FINITE), which no check of the line's own searches for.
const VAST = `
product "Vast" {
  language: en
  currency: EUR
}
field scale: dropdown {
  label: "Scale"
  options {
    one { label: "One", f: 1 }
    vast { label: "Vast", f: ${'9'.repeat(300)} }
  }
}
price {
  line base: "Base" = scale.f * scale.f * 10
}
`;

const field = (fields: ConfiguredField[], id: string) => fields.find((f) => f.id === id)!;

describe('a completion whose total calculate refuses vouches for nothing', () => {
  it('a negative total: the credit is offered up to the price, the deal that overshoots it is unavailable', () => {
    const m = model(CREDIT);
    const r = m.configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(true);
    expect(field(r.fields, 'credit')).toMatchObject({ min: 0, max: 50 });
    const big = field(r.fields, 'deal').options!.find((o) => o.id === 'big')!;
    expect(big.available).toBe(false);
    expect(big.reasons).toEqual([
      { rule: 'price', message: 'The unit price is negative (-30 EUR)', line: 1, column: 1, because: {} },
    ]);
    expect(m.calculate({ configuration: { credit: 50 }, quantity: 1 }).price?.total).toBe(0);
    expect(m.calculate({ configuration: { credit: 51 }, quantity: 1 }).errors.map((e) => e.code)).toEqual(['R_NEGATIVE_PRICE']);
  });

  it('a total past the safe integers: the count is offered only as far as it prices', () => {
    const m = model(HUGE);
    const r = m.configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(true);
    const { max } = field(r.fields, 'count');
    expect(max).toBeLessThan(1_000_000_000);
    expect(m.calculate({ configuration: { count: max }, quantity: 1 }).errors).toEqual([]);
    expect(m.calculate({ configuration: { count: 1_000_000_000 }, quantity: 1 }).errors.map((e) => e.code)).toEqual([
      'R_NOT_FINITE',
    ]);
  });

  it("a line whose arithmetic leaves the numbers: the option is unavailable, with calculate's fault", () => {
    const m = model(VAST);
    const vast = field(m.configure({ configuration: {}, quantity: 1 }).fields, 'scale').options!.find((o) => o.id === 'vast')!;
    expect(vast).toMatchObject({
      available: false,
      reasons: [{ rule: 'price', message: 'A calculation does not give a finite number' }],
    });
    expect(m.calculate({ configuration: { scale: 'vast' }, quantity: 1 }).errors.map((e) => e.code)).toEqual(['R_NOT_FINITE']);
  });
});
