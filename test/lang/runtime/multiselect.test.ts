// The multi-select field type from source to result: sent lists validated, membership and count computed, hidden
// fields falling back, and the same conditions in JSON Logic (json-logic-js) giving the same answers.
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/lang/index';
import type { ProductIR } from '../../../src/lang/ir';
import { toJsonLogic } from '../../../src/lang/runtime';
import { evaluate } from './build';

const source = `
product "Sign" { currency: EUR }
field lit: checkbox { label: "Lit", default: true }
field extras: multiselect {
  label: "Extras"
  visible_when: lit
  min_selected: 1, max_selected: 2
  default: [dimmer]
  options { dimmer { label: "Dimmer" }, timer { label: "Timer" }, motion { label: "Motion" } }
}
price {
  line base: "Base" = 100
  line controls: "Controls" = count(extras) * 10
  line sensor: "Sensor" = 25 when "motion" in extras
  line plain: "No timer" = 1 when "timer" not in extras
}
`;

function compiled(): ProductIR {
  const result = analyze(source);
  expect(result.diagnostics).toEqual([]);
  return result.ir as ProductIR;
}

const lines = (ev: ReturnType<typeof evaluate>) => Object.fromEntries((ev.price?.lines ?? []).map((l) => [l.id, l.amount]));
const codes = (ev: ReturnType<typeof evaluate>) => ev.errors.map((e) => [e.code, e.field]);

describe('multiselect', () => {
  const ir = compiled();

  it('computes with the sent list: membership, not in, count', () => {
    const ev = evaluate(ir, { extras: ['motion', 'timer'] });
    expect(ev.errors).toEqual([]);
    expect(ev.fields.find((f) => f.id === 'extras')?.value).toEqual(['motion', 'timer']);
    expect(lines(ev)).toEqual({ base: 100, controls: 20, sensor: 25 });
  });

  it('takes the default when nothing is sent, and while hidden ignores what is sent', () => {
    expect(lines(evaluate(ir, {}))).toEqual({ base: 100, controls: 10, plain: 1 });
    const hidden = evaluate(ir, { lit: false, extras: ['motion', 'bogus', 'motion'] });
    expect(hidden.errors).toEqual([]);
    expect(lines(hidden)).toEqual({ base: 100, controls: 10, plain: 1 });
  });

  it('refuses what is not a list of distinct known ids within the bounds, in the configuration-error shape', () => {
    expect(codes(evaluate(ir, { extras: 'dimmer' }))).toEqual([['INVALID_TYPE', 'extras']]);
    expect(codes(evaluate(ir, { extras: ['dimmer', 'dimmer'] }))).toEqual([['INVALID_TYPE', 'extras']]);
    expect(codes(evaluate(ir, { extras: [1] }))).toEqual([['INVALID_TYPE', 'extras']]);
    expect(codes(evaluate(ir, { extras: ['laser'] }))).toEqual([['UNKNOWN_OPTION', 'extras']]);
    expect(codes(evaluate(ir, { extras: [] }))).toEqual([['BELOW_MIN', 'extras']]);
    expect(codes(evaluate(ir, { extras: ['dimmer', 'timer', 'motion'] }))).toEqual([['ABOVE_MAX', 'extras']]);
    // A list longer than the options is refused before its items are looked at.
    const long = evaluate(ir, { extras: Array.from({ length: 100_000 }, () => 'dimmer') });
    expect(codes(long)).toEqual([['ABOVE_MAX', 'extras']]);
    expect(long.errors[0]?.message).toBe('Extras: choose at most 2');
    expect(evaluate(ir, { extras: [] }).errors[0]?.message).toBe('Extras: choose at least 1');
  });

  it('is the same in JSON Logic: standard in on the sent array, count as a reduce', () => {
    const sensor = ir.price.lines.find((l) => l.id === 'sensor')?.when;
    const controls = ir.price.lines.find((l) => l.id === 'controls')?.amount;
    const plain = ir.price.lines.find((l) => l.id === 'plain')?.when;
    if (!sensor || !controls || !plain) throw new Error('lines missing');
    expect(toJsonLogic(sensor, ir)).toEqual({ in: ['motion', { var: 'extras' }] });
    // Valid configurations only: an invalid one is refused by the server, whatever the form computes.
    for (const extras of [['dimmer'], ['motion'], ['motion', 'timer'], ['timer']]) {
      const ev = evaluate(ir, { extras });
      const l = lines(ev);
      expect(jsonLogic.apply(toJsonLogic(sensor, ir) as never, { extras })).toBe(l.sensor !== undefined);
      expect(jsonLogic.apply(toJsonLogic(plain, ir) as never, { extras })).toBe(l.plain !== undefined);
      expect(jsonLogic.apply(toJsonLogic(controls, ir) as never, { extras })).toBe(extras.length * 10);
    }
  });
});

describe('multiselect in the form', () => {
  it('is described with its options, bounds and default list', async () => {
    const { FormField } = await import('../../../src/lang/fields/form-schema');
    expect(
      FormField.safeParse({
        id: 'x',
        type: 'multiselect',
        label: 'X',
        required: false,
        options: [],
        default: ['a'],
        validation: { max_selected: 2 },
      }).success,
    ).toBe(true);
  });
});
