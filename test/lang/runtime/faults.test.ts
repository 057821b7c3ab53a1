import { describe, expect, it } from 'vitest';
import { instantiate } from '../../../src/lang/instantiate';
import { at, bin, cond, evaluate, field, num, outputsOf, product, ref, withOutputs } from './build';

describe('faults in conditions and computed values', () => {
  const boom = (line: number) => bin('>', bin('/', ref('n'), ref('zero'), at(line, 2)), num(0));

  it('failing visible_when and required_when are reported on their field, which stays visible and works', () => {
    const ir = product({
      fields: [
        field('zero', 'number'),
        field('n', 'number', { default: 5 }),
        field('shaky', 'number', { visibleWhen: cond(boom(3)), requiredWhen: cond(boom(4)), default: 1 }),
        field('after', 'number', { default: 2 }),
      ],
    });
    const ev = evaluate(ir, { shaky: 7, after: 3 });
    expect(ev.errors).toEqual([
      { code: 'R_DIV_ZERO', field: 'shaky', message: 'Division by zero', line: 3, column: 2, because: {} },
      { code: 'R_DIV_ZERO', field: 'shaky', message: 'Division by zero', line: 4, column: 2, because: {} },
    ]);
    expect(ev.fields.map((f) => [f.id, f.visible, f.required, f.value])).toEqual([
      ['zero', true, false, 0],
      ['n', true, false, 5],
      ['shaky', true, false, 1],
      ['after', true, false, 3],
    ]);
  });

  it('a failing required_when alone is reported once', () => {
    const ir = product({
      fields: [field('zero', 'number'), field('n', 'number'), field('r', 'number', { requiredWhen: cond(boom(9)) })],
    });
    const ev = evaluate(ir);
    expect(ev.errors).toEqual([{ code: 'R_DIV_ZERO', field: 'r', message: 'Division by zero', line: 9, column: 2, because: {} }]);
    expect(ev.fields[2]).toMatchObject({ visible: true, required: false });
  });

  it('the customer reads the fault in their language without schema coordinates; the author gets them apart', () => {
    const ir = product({
      languages: ['en', 'de'],
      fields: [field('zero', 'number'), field('n', 'number'), field('r', 'number', { requiredWhen: cond(boom(135)) })],
    });
    const de = instantiate(ir).evaluate({ configuration: {}, quantity: 1, lang: 'de' });
    expect(de.errors).toEqual([
      { code: 'R_DIV_ZERO', field: 'r', message: 'Division durch null', line: 135, column: 2, because: {} },
    ]);
  });

  it('a failing group condition is reported once, wherever it is read', () => {
    const ir = product({
      groups: [{ id: 'main', label: { en: 'Main' }, order: 0, enabledWhen: cond(boom(6)) }],
      fields: [field('zero', 'number'), field('n', 'number'), field('m', 'number')],
    });
    const ev = evaluate(ir);
    expect(ev.errors.map((e) => e.code)).toEqual(['R_DIV_ZERO']);
    expect(ev.groups).toEqual([{ id: 'main', visible: true, enabled: true }]);
  });

  it('a failing hidden value falls back and is reported on that field', () => {
    const ir = product({
      fields: [field('zero', 'number'), field('h', 'hidden', { value: bin('/', num(1), ref('zero'), at(2, 8)) })],
    });
    const ev = evaluate(ir);
    expect(ev.errors).toEqual([{ code: 'R_DIV_ZERO', field: 'h', message: 'Division by zero', line: 2, column: 8, because: {} }]);
    expect(ev.fields[1]?.value).toBe(0);
  });

  it('one failing output item does not hide the others', () => {
    const ev = evaluate(withOutputs({ a: num(1), b: bin('/', num(1), num(0)), c: num(3) }));
    expect(outputsOf(ev)).toEqual({ a: 1, c: 3 });
    expect(ev.errors.map((e) => e.code)).toEqual(['R_DIV_ZERO']);
  });
});

describe('models', () => {
  it('instantiate leaves the IR untouched and evaluations in several languages share one model', () => {
    const ir = product({
      languages: ['en', 'fr'],
      fields: [field('w', 'number', { label: { en: 'Width', fr: 'Largeur' }, min: 10 })],
    });
    const before = JSON.stringify(ir);
    const model = instantiate(ir);
    expect(model.ir).toBe(ir);
    const fr = model.evaluate({ configuration: { w: 1 }, quantity: 1, lang: 'fr' });
    const en = model.evaluate({ configuration: { w: 1 }, quantity: 1, lang: 'en' });
    expect(fr.errors[0]?.message).toBe('Largeur doit être d’au moins 10');
    expect(en.errors[0]?.message).toBe('Width must be at least 10');
    expect(JSON.stringify(ir)).toBe(before);
  });
});
