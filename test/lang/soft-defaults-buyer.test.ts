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

const KITCHEN = readFileSync(new URL('../fixtures/promise/kitchen.cpq', import.meta.url), 'utf8');

describe('an adjustment never makes a field the buyer set inactive', () => {
  const m = modelOf(KITCHEN);

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
