// Soft defaults never override the buyer (issue 33): an adjustment that would hide or disable a field the buyer set
// is refused, and the configuration as sent answers instead (configure/index.ts, withSoftDefaults).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';

function modelOf(schema: string) {
  const { ir, diagnostics } = analyze(schema);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return instantiate(ir!);
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/promise/${name}.cpq`, import.meta.url), 'utf8');

describe('an adjustment never makes a field the buyer set inactive', () => {
  const m = modelOf(fixture('kitchen'));

  it('two sinks on a 3-cabinet run: one_sink, not a 2-cabinet run without the second sink', () => {
    const input = { configuration: { type_1: 'sink80', type_3: 'sink80' }, quantity: 1 };
    const calculated = m.calculate(input);
    expect(calculated.adjusted).toEqual([]);
    expect(calculated.price).toBeNull();
    expect(calculated.errors.map((e) => e.code === 'RULE' && e.rule)).toContain('one_sink');
    const configured = m.configure(input);
    expect(configured.evaluation).toEqual(calculated);
    expect(configured.fields.find((f) => f.id === 'cabinet_count')).toMatchObject({ value: 3, source: 'default' });
  });

  it('nor one that hides the second cabinet the buyer made a sink', () => {
    const calculated = m.calculate({ configuration: { type_1: 'sink80', type_2: 'sink80' }, quantity: 1 });
    expect(calculated.adjusted).toEqual([]);
    expect(calculated.errors.map((e) => e.code === 'RULE' && e.rule)).toContain('one_sink');
  });

  it('an adjustment that hides only fields not sent still applies', () => {
    const calculated = m.calculate({ configuration: { island: true }, quantity: 1 });
    expect(calculated.errors).toEqual([]);
    expect(calculated.adjusted).toEqual([{ field: 'cabinet_count', value: 2, replaced: 3 }]);
  });
});

describe('a choice field is adjusted to the option that completes at the lowest price', () => {
  const m = modelOf(fixture('bike'));

  it('a child seat turns the city bike into the family bike (2,290 €, before the touring bike at the same price), not the cargo bike', () => {
    const input = { configuration: { child_seat: true }, quantity: 1 };
    const calculated = m.calculate(input);
    expect(calculated.adjusted).toEqual([{ field: 'frame', value: 'family', replaced: 'city' }]);
    expect(calculated.price?.total).toBe(2410);
    expect(m.configure(input).fields.find((f) => f.id === 'frame')).toMatchObject({ value: 'family', source: 'adjusted' });
  });

  it('past the budget, the first option in schema order that completes', () => {
    // The budget the search and the first completions need, and not one evaluation more.
    const input = { configuration: { child_seat: true }, quantity: 1 };
    let units = 1;
    while (m.calculate(input, units).adjusted.length === 0 && units < 100_000) units++;
    expect(units).toBeLessThan(100_000);
    expect(m.calculate(input, units).adjusted).toEqual([{ field: 'frame', value: 'cargo', replaced: 'city' }]);
  });
});

describe('adjust: ask', () => {
  const asking = fixture('bike').replace('default: "city"', 'default: "city"\n  adjust: ask');
  const m = modelOf(asking);

  it('a default the values sent exclude is not adjusted: the field becomes required', () => {
    const input = { configuration: { child_seat: true }, quantity: 1 };
    const calculated = m.calculate(input);
    expect(calculated.errors.map((e) => [e.code, e.field])).toEqual([['REQUIRED', 'frame']]);
    expect(calculated.price).toBeNull();
    expect(calculated.adjusted).toEqual([]);
    const frame = m.configure(input).fields.find((f) => f.id === 'frame');
    expect(frame).toMatchObject({ value: 'city', source: 'default', required: true });
    // The buyer gives it: priced.
    expect(m.calculate({ configuration: { child_seat: true, frame: 'cargo' }, quantity: 1 }).price?.total).toBe(3908);
  });

  it('a default that completes stays, not required', () => {
    const calculated = m.calculate({ configuration: {}, quantity: 1 });
    expect(calculated.errors).toEqual([]);
    expect(calculated.fields.find((f) => f.id === 'frame')).toMatchObject({ value: 'city', required: false });
  });

  it('adjust takes ask or nearest only', () => {
    expect(analyze(asking.replace('adjust: ask', 'adjust: nearest')).diagnostics).toEqual([]);
    const { diagnostics } = analyze(asking.replace('adjust: ask', 'adjust: maybe'));
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['E_VALUE', 'adjust of the dropdown field "frame" must be ask or nearest'],
    ]);
  });
});
