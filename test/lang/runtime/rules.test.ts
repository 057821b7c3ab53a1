import { describe, expect, it } from 'vitest';
import type { Expr, ProductIR, RuleIR } from '../../../src/lang/ir';
import { parseTemplate } from '../../../src/lang/runtime/pack';
import { at, bin, bool, evaluate, field, num, option, product, ref } from './build';

const rule = (id: string, when: Expr, message: RuleIR['message'], extra: Partial<RuleIR> = {}): RuleIR => ({
  id,
  severity: 'error',
  when,
  message,
  ...extra,
});

function shop(rules: RuleIR[], parts: Partial<ProductIR> = {}): ProductIR {
  return product({
    languages: ['en', 'de'],
    fields: [
      field('width', 'number', { min: 400, max: 3000, default: 1000 }),
      field('sashes', 'radio', { options: [option('single'), option('double')] }),
      field('name', 'text'),
      field('sill', 'checkbox'),
    ],
    lets: { area: bin('/', bin('*', ref('width'), num(1500)), num(1e6)) },
    price: { lines: [{ id: 'base', kind: 'line', label: { en: 'Base' }, amount: num(10) }], quantityDiscount: [] },
    rules,
    ...parts,
  });
}

describe('error and warning rules', () => {
  const tooLarge = rule(
    'too_large',
    bin('>', ref('area'), num(3)),
    {
      en: 'Windows over 3 m² cannot be produced ({area} m²)',
      de: 'Fenster über 3 m² sind nicht möglich ({area} m²)',
    },
    { field: 'width' },
  );
  const heavy = rule(
    'heavy',
    bin('>', ref('width'), num(1800)),
    { en: 'Two people needed for {width} mm' },
    { severity: 'warning' },
  );

  it('nothing fires on a small window', () => {
    const ev = evaluate(shop([tooLarge, heavy]), { width: 1000 });
    expect(ev.errors).toEqual([]);
    expect(ev.warnings).toEqual([]);
    expect(ev.price?.total).toBe(10);
  });

  it('a warning keeps the price', () => {
    const ev = evaluate(shop([tooLarge, heavy]), { width: 1900 });
    expect(ev.warnings).toEqual([
      { code: 'RULE', rule: 'heavy', message: 'Two people needed for 1900 mm', because: { width: 1900 } },
    ]);
    expect(ev.errors).toEqual([]);
    expect(ev.price?.total).toBe(10);
  });

  it('an error fires on its field, interpolates without float artefacts and prevents pricing', () => {
    const ev = evaluate(shop([tooLarge, heavy]), { width: 2010 });
    expect(ev.errors).toEqual([
      {
        code: 'RULE',
        rule: 'too_large',
        field: 'width',
        message: 'Windows over 3 m² cannot be produced (3.015 m²)',
        because: { width: 2010 },
      },
    ]);
    expect(ev.warnings.map((w) => w.rule)).toEqual(['heavy']);
    expect(ev.price).toBeNull();
  });

  it('messages in the requested language, falling back to the default', () => {
    const de = evaluate(shop([tooLarge, heavy]), { width: 2010 }, 1, 'de-DE');
    expect(de.errors[0]?.message).toBe('Fenster über 3 m² sind nicht möglich (3.015 m²)');
    expect(de.warnings[0]?.message).toBe('Two people needed for 2010 mm');
  });

  it('interpolates strings, booleans, quantity and float results', () => {
    const r = rule('all', bool(true), { en: '{sashes}/{sill}/{name}/{quantity}/{ratio}' }, { severity: 'warning' });
    const ev = evaluate(shop([r], { lets: { ratio: bin('+', num(0.1), num(0.2)) } }), { sashes: 'double', name: 'Ann' }, 3);
    expect(ev.warnings[0]?.message).toBe('double/false/Ann/3/0.3');
  });

  it('{{ and }} are literal braces; unknown names and stray braces stay as written', () => {
    const r = rule('braces', bool(true), { en: '{{width}} is {width}; {nope} { width } {} {{ }} {' }, { severity: 'warning' });
    expect(evaluate(shop([r]), { width: 500 }).warnings[0]?.message).toBe('{width} is 500; {nope} { width } {} { } {');
  });

  it('a failing interpolated value is reported and shown as ?', () => {
    const r = rule('bad', bool(true), { en: 'value {broken}' }, { severity: 'warning' });
    const ev = evaluate(shop([r], { lets: { broken: bin('/', num(1), num(0), at(3, 17)) } }));
    expect(ev.warnings).toEqual([{ code: 'RULE', rule: 'bad', message: 'value ?', because: {} }]);
    expect(ev.errors).toEqual([
      { code: 'R_DIV_ZERO', rule: 'bad', message: 'Division by zero', line: 3, column: 17, because: {} },
    ]);
  });

  it('a rule whose condition fails is an evaluation error on that rule', () => {
    const r = rule('fails', bin('>', bin('/', ref('width'), num(0), at(6, 8)), num(1)), { en: 'x' }, { field: 'width' });
    const ev = evaluate(shop([r]));
    expect(ev.errors).toEqual([
      { code: 'R_DIV_ZERO', rule: 'fails', field: 'width', message: 'Division by zero', line: 6, column: 8, because: {} },
    ]);
    expect(ev.price).toBeNull();
  });

  it('rules see effective values: an ignored value does not trigger them', () => {
    const r = rule('big', bin('>', ref('width'), num(2000)), { en: 'big' });
    const ir = shop([r], {
      fields: [
        field('sill', 'checkbox'),
        field('width', 'number', { default: 1000, visibleWhen: { source: 'sill', expr: ref('sill') } }),
      ],
    });
    expect(evaluate(ir, { width: 2500 }).errors).toEqual([]);
    expect(evaluate(ir, { width: 2500, sill: true }).errors.map((e) => e.rule)).toEqual(['big']);
  });
});

describe('parseTemplate', () => {
  const lookup = (name: string) => (name === 'a' ? () => 1 : undefined);

  it('splits text and values', () => {
    const parts = parseTemplate('x {a} y', lookup);
    expect(parts.map((p) => (typeof p === 'string' ? p : 'FN'))).toEqual(['x ', 'FN', ' y']);
    expect(parseTemplate('{{a}}', lookup)).toEqual(['{a}']);
    expect(parseTemplate('', lookup)).toEqual([]);
    expect(parseTemplate('{__proto__}', lookup)).toEqual(['{__proto__}']);
  });
});
