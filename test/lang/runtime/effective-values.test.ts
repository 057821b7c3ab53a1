import { describe, expect, it } from 'vitest';
import { bin, cond, evaluate, field, product, ref } from './build';

const codes = (ev: { errors: { code: string; field?: string }[] }) => ev.errors.map((e) => [e.code, e.field]);

describe('required fields', () => {
  const ir = product({
    fields: [
      field('ref', 'text', { label: { en: 'Reference' }, required: true }),
      field('given', 'text', { required: true, default: 'n/a' }),
      field('toggle', 'checkbox'),
      field('when', 'number', { requiredWhen: cond(ref('toggle')) }),
      field('shown', 'number', { required: true, visibleWhen: cond(ref('toggle')) }),
      field('locked', 'number', { required: true, enabledWhen: cond(ref('toggle')) }),
    ],
  });

  it('a visible, enabled required field without value or declared default is REQUIRED', () => {
    const ev = evaluate(ir);
    expect(ev.errors).toEqual([{ code: 'REQUIRED', field: 'ref', rule: 'ref', message: 'Reference is required', because: {} }]);
    expect(evaluate(ir, { ref: '' }).errors.map((e) => e.code)).toEqual(['REQUIRED']);
    expect(evaluate(ir, { ref: 'A-1' }).errors).toEqual([]);
  });

  it('required_when, and fields that become visible or enabled', () => {
    const ev = evaluate(ir, { ref: 'A-1', toggle: true });
    expect(codes(ev)).toEqual([
      ['REQUIRED', 'when'],
      ['REQUIRED', 'shown'],
      ['REQUIRED', 'locked'],
    ]);
    expect(ev.fields.map((f) => [f.id, f.required])).toEqual([
      ['ref', true],
      ['given', true],
      ['toggle', false],
      ['when', true],
      ['shown', true],
      ['locked', true],
    ]);
    expect(evaluate(ir, { ref: 'A-1', toggle: true, when: 1, shown: 2, locked: 3 }).errors).toEqual([]);
  });
});

describe('values that are ignored', () => {
  const ir = product({
    fields: [
      field('toggle', 'checkbox'),
      field('depth', 'number', { min: 100, max: 300, default: 150, visibleWhen: cond(ref('toggle')) }),
      field('frozen', 'number', { min: 0, max: 5, default: 1, enabledWhen: cond(ref('toggle')) }),
      field('secret', 'hidden', { value: bin('+', ref('depth'), ref('frozen')) }),
    ],
  });

  it('hidden fields always take their computed value', () => {
    const ev = evaluate(ir, { secret: 1e9 });
    expect(ev.errors).toEqual([]);
    expect(ev.fields[3]).toEqual({ id: 'secret', visible: false, enabled: true, required: false, value: 151 });
  });

  it('values of invisible or disabled fields are neither validated nor used', () => {
    const off = evaluate(ir, { depth: 999, frozen: 'junk' });
    expect(off.errors).toEqual([]);
    expect(off.fields.map((f) => [f.id, f.visible, f.enabled, f.value])).toEqual([
      ['toggle', true, true, false],
      ['depth', false, true, 150],
      ['frozen', true, false, 1],
      ['secret', false, true, 151],
    ]);
    const on = evaluate(ir, { toggle: true, depth: 250, frozen: 4 });
    expect(on.fields.map((f) => f.value)).toEqual([true, 250, 4, 254]);
  });

  it('fields of a hidden or disabled group follow the group', () => {
    const grouped = product({
      groups: [
        { id: 'main', label: { en: 'Main' }, order: 0 },
        { id: 'more', label: { en: 'More' }, order: 1, enabledWhen: cond(ref('toggle')) },
      ],
      fields: [field('toggle', 'checkbox'), field('n', 'number', { group: 'more', default: 3 })],
    });
    const off = evaluate(grouped, { n: 9 });
    expect(off.groups).toEqual([
      { id: 'main', visible: true, enabled: true },
      { id: 'more', visible: true, enabled: false },
    ]);
    expect(off.fields[1]).toMatchObject({ enabled: false, value: 3 });
    expect(evaluate(grouped, { n: 9, toggle: true }).fields[1]).toMatchObject({ enabled: true, value: 9 });
  });
});
