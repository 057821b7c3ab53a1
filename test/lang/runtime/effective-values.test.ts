import { describe, expect, it } from 'vitest';
import { attr, bin, cond, evaluate, field, inList, option, product, ref, str } from './build';

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
    // depth is not visible (toggle is off), so it reads as 0, not as its default 150.
    expect(ev.fields[3]).toEqual({ id: 'secret', visible: false, enabled: true, required: false, value: 1 });
  });

  it('values of invisible or disabled fields are neither validated nor used', () => {
    const off = evaluate(ir, { depth: 999, frozen: 'junk' });
    expect(off.errors).toEqual([]);
    expect(off.fields.map((f) => [f.id, f.visible, f.enabled, f.value])).toEqual([
      ['toggle', true, true, false],
      ['depth', false, true, 0],
      ['frozen', true, false, 1],
      ['secret', false, true, 1],
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

describe('a field that is not visible has no value (docs/schema-language.md, Effective values)', () => {
  const ir = product({
    groups: [
      { id: 'main', label: { en: 'Main' }, order: 0 },
      { id: 'extra', label: { en: 'Extra' }, order: 1, visibleWhen: cond(ref('more')) },
    ],
    fields: [
      field('more', 'checkbox'),
      field('colour', 'dropdown', {
        group: 'extra',
        default: 'red',
        options: [option('red', { price: 5, code: 'R', glossy: true }), option('blue', { price: 7, code: 'B', glossy: false })],
      }),
      field('width', 'number', { group: 'extra', min: 500, max: 900, default: 600 }),
      field('kept', 'number', { group: 'extra', min: 10, max: 90, default: 20, whenHidden: 30 }),
      field('note', 'text', { group: 'extra', default: 'hello' }),
      field('flag', 'checkbox', { group: 'extra', default: true }),
      field('red', 'hidden', { value: bin('==', ref('colour'), str('red')) }),
      field('notRed', 'hidden', { value: bin('!=', ref('colour'), str('red')) }),
      field('either', 'hidden', { value: inList(ref('colour'), [str('red'), str('blue')]) }),
      field('price', 'hidden', { value: attr('colour', 'price') }),
      field('code', 'hidden', { value: attr('colour', 'code') }),
      field('glossy', 'hidden', { value: attr('colour', 'glossy') }),
    ],
  });
  const values = (ev: ReturnType<typeof evaluate>) => Object.fromEntries(ev.fields.map((f) => [f.id, f.value]));

  it('reads as its type’s empty value, or its when_hidden; a sent value is ignored', () => {
    expect(values(evaluate(ir, { colour: 'blue', width: 700, kept: 40, note: 'x', flag: true }))).toEqual({
      more: false,
      colour: '',
      width: 0,
      kept: 30,
      note: '',
      flag: false,
      red: false,
      notRed: true,
      either: false,
      price: 0,
      code: '',
      glossy: false,
    });
  });

  it('has its sent value, or its default, once visible', () => {
    expect(values(evaluate(ir, { more: true, colour: 'blue', width: 700 }))).toMatchObject({
      colour: 'blue',
      width: 700,
      kept: 20,
      note: 'hello',
      flag: true,
      red: false,
      notRed: true,
      either: true,
      price: 7,
      code: 'B',
      glossy: false,
    });
  });
});
