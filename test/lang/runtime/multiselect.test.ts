// The multi-select field type from source to result: sent lists validated, membership and count computed, a hidden
// field reading as no option (or its when_hidden), and the form's JSON Logic (json-logic-js with the extra
// operations of src/lang/logic-ops.ts) giving the runtime's answers for every configuration, refused ones included.
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/lang/index';
import { FormLogic } from '../../../src/lang/instantiate';
import type { Expr, ProductIR } from '../../../src/lang/ir';
import { logicOperations } from '../../../src/lang/logic-ops';
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

  it('takes the default when nothing is sent; while hidden it holds no option and ignores what is sent', () => {
    expect(lines(evaluate(ir, {}))).toEqual({ base: 100, controls: 10, plain: 1 });
    const hidden = evaluate(ir, { lit: false, extras: ['motion', 'bogus', 'motion'] });
    expect(hidden.errors).toEqual([]);
    expect(hidden.fields.find((f) => f.id === 'extras')?.value).toEqual([]);
    expect(lines(hidden)).toEqual({ base: 100, controls: 0, plain: 1 });
  });

  it('is required when min_selected is above 0 and there is no default', () => {
    const result = analyze(source.replace('default: [dimmer]', ''));
    expect(result.diagnostics).toEqual([]);
    const noDefault = result.ir as ProductIR;
    expect(codes(evaluate(noDefault, {}))).toEqual([['REQUIRED', 'extras']]);
    expect(codes(evaluate(noDefault, { lit: false }))).toEqual([]);
    expect(codes(evaluate(noDefault, { extras: ['timer'] }))).toEqual([]);
  });

  it('holds its when_hidden list while hidden', () => {
    const result = analyze(source.replace('default: [dimmer]', 'default: [dimmer]\n  when_hidden: [timer, motion]'));
    expect(result.diagnostics).toEqual([]);
    const hidden = evaluate(result.ir as ProductIR, { lit: false });
    expect(hidden.fields.find((f) => f.id === 'extras')?.value).toEqual(['timer', 'motion']);
    expect(lines(hidden)).toEqual({ base: 100, controls: 20, sensor: 25 });
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
    // A single id is not a list: the message says what to send, not that an option was chosen twice.
    expect(evaluate(ir, { extras: 'dimmer' }).errors[0]?.message).toBe('Extras must be a list of option ids');
    expect(evaluate(ir, { extras: [1] }).errors[0]?.message).toBe('Extras must be a list of option ids');
    expect(evaluate(ir, { extras: ['dimmer', 'dimmer'] }).errors[0]?.message).toBe(
      'Extras: choose each option at most once from the list',
    );
  });

  it('is the same in JSON Logic: sent checks the list as the server does, in searches it, count reduces it', () => {
    const probes: Record<string, Expr> = {};
    for (const l of ir.price.lines) probes[l.id] = l.when ?? l.amount;
    const form = new FormLogic(ir);
    const logic = Object.fromEntries(Object.entries(probes).map(([id, e]) => [id, form.condition(e)]));
    expect(logic.sensor).toEqual({ in: ['motion', { value: 'extras' }] });
    expect(logic.controls).toEqual({
      finite: [{ '*': [{ reduce: [{ value: 'extras' }, { '+': [{ var: 'accumulator' }, 1] }, 0] }, 10] }],
    });
    for (const [name, op] of Object.entries(logicOperations(form.values, jsonLogic.apply))) jsonLogic.add_operation(name, op);
    const sent: unknown[] = [
      undefined,
      null,
      '',
      'dimmer',
      [],
      ['dimmer', 'dimmer'],
      ['laser'],
      [1],
      ['dimmer', 'timer', 'motion'],
    ];
    for (const a of ['dimmer', 'timer', 'motion']) {
      sent.push([a]);
      for (const b of ['dimmer', 'timer', 'motion']) if (a !== b) sent.push([a, b]);
    }
    for (const lit of [undefined, true, false]) {
      for (const extras of sent) {
        const configuration = { lit, extras };
        const ev = evaluate(ir, configuration);
        const value = ev.fields.find((f) => f.id === 'extras')?.value;
        const l = lines(ev);
        const data = () => ({ ...configuration, quantity: 1 });
        const where = JSON.stringify(configuration);
        expect(jsonLogic.apply({ value: 'extras' } as never, data()), where).toEqual(value);
        // A refused value leaves the field at its default for the conditions; the server then prices nothing.
        if (ev.errors.length > 0) continue;
        expect(jsonLogic.apply(logic.sensor as never, data()), where).toBe(l.sensor !== undefined);
        expect(jsonLogic.apply(logic.plain as never, data()), where).toBe(l.plain !== undefined);
        expect(jsonLogic.apply(logic.controls as never, data()), where).toBe(l.controls);
      }
    }
  });
});

describe('multiselect in the form', () => {
  it('is described with its options, bounds and default list', async () => {
    const { FormField } = await import('../../../src/api/form-field');
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
