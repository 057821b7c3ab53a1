import { describe, expect, it } from 'vitest';
import type { ProductIR } from '../../../src/lang/ir';
import { bin, evaluate, field, num, option, product, ref } from './build';

function form(parts: Partial<ProductIR> = {}): ProductIR {
  return product({
    languages: ['en', 'de', 'fr', 'es', 'it', 'nl'],
    fields: [
      field('width', 'number', {
        label: { en: 'Width', de: 'Breite', fr: 'Largeur' },
        unit: 'mm',
        min: 400,
        max: 2400,
        step: 10,
        default: 1000,
      }),
      field('colour', 'dropdown', { label: { en: 'Colour' }, options: [option('white'), option('grey')] }),
      field('sill', 'checkbox', { label: { en: 'Sill' } }),
      field('note', 'text', { label: { en: 'Note' }, maxLength: 5, pattern: '[a-z]+|x\\d' }),
      field('delivery', 'date', { label: { en: 'Delivery' }, min: '2024-01-01', max: '2024-12-31' }),
      field('secret', 'hidden', { value: bin('*', ref('width'), num(2)) }),
    ],
    ...parts,
  });
}

const codes = (ev: { errors: { code: string; field?: string }[] }) => ev.errors.map((e) => [e.code, e.field]);

describe('configuration values', () => {
  it("reads keys in any order, some left out, as it reads them in the fields' order", () => {
    const sent = { width: 1200, colour: 'grey', sill: true, note: 'abc', delivery: '2024-05-01' };
    const inOrder = evaluate(form(), sent);
    const reversed = evaluate(form(), Object.fromEntries(Object.entries(sent).reverse()));
    const gaps = evaluate(form(), { note: 'abc', width: 1200, delivery: '2024-05-01', colour: 'grey', sill: true });
    expect(inOrder.errors).toEqual([]);
    expect(inOrder.fields.map((f) => f.value)).toEqual([1200, 'grey', true, 'abc', '2024-05-01', 2400]);
    expect(reversed.fields).toEqual(inOrder.fields);
    expect(gaps.fields).toEqual(inOrder.fields);
    expect(evaluate(form(), { colour: 'grey', width: 1200 }).fields.map((f) => f.value)).toEqual([
      1200,
      'grey',
      false,
      '',
      '',
      2400,
    ]);
  });

  it('reads only the keys a configuration owns: an inherited one is neither a value nor an unknown key', () => {
    const configuration = Object.assign(Object.create({ width: 2000, stray: 1 }), { colour: 'grey' });
    const ev = evaluate(form(), configuration);
    expect(ev.errors).toEqual([]);
    expect(ev.fields.find((f) => f.id === 'width')?.value).toBe(1000);
    expect(ev.fields.find((f) => f.id === 'colour')?.value).toBe('grey');
  });

  it('accepts a valid configuration and uses its values', () => {
    const ev = evaluate(form(), { width: 1200, colour: 'grey', sill: true, note: 'abc', delivery: '2024-02-29' });
    expect(ev.errors).toEqual([]);
    expect(ev.fields.map((f) => f.value)).toEqual([1200, 'grey', true, 'abc', '2024-02-29', 2400]);
  });

  it('takes plain decimal strings for numbers', () => {
    expect(evaluate(form(), { width: '1200' }).fields[0]?.value).toBe(1200);
    const free = product({ fields: [field('n', 'number')] });
    expect(evaluate(free, { n: '12.5' }).fields[0]?.value).toBe(12.5);
    expect(evaluate(free, { n: '-3' }).fields[0]?.value).toBe(-3);
  });

  it('takes the option ids configure offers for a checkbox, "true" and "false"', () => {
    expect(evaluate(form(), { sill: 'true' }).fields[2]?.value).toBe(true);
    expect(evaluate(form(), { sill: 'false' }).fields[2]?.value).toBe(false);
    expect(evaluate(form(), { sill: 'true' }).errors).toEqual([]);
  });

  it('null and "" mean no value: the default is used', () => {
    const ev = evaluate(form(), { width: null, colour: '', note: '' });
    expect(ev.errors).toEqual([]);
    expect(ev.fields.slice(0, 4).map((f) => f.value)).toEqual([1000, 'white', false, '']);
  });

  it('reports unknown fields, including names like __proto__', () => {
    const configuration = JSON.parse('{"__proto__": 1, "constructor": 2, "toString": 3, "depth": 4, "width": 500}');
    const ev = evaluate(form(), configuration);
    expect(codes(ev)).toEqual([
      ['UNKNOWN_FIELD', '__proto__'],
      ['UNKNOWN_FIELD', 'constructor'],
      ['UNKNOWN_FIELD', 'toString'],
      ['UNKNOWN_FIELD', 'depth'],
    ]);
    expect(ev.errors[0]?.message).toBe('Unknown field "__proto__"');
    expect(ev.fields[0]?.value).toBe(500);
    expect(ev.price).toBeNull();
  });

  it('a field may itself be called __proto__', () => {
    const ir = product({ fields: [field('__proto__', 'number', { max: 10 })] });
    const ev = evaluate(ir, JSON.parse('{"__proto__": 7}'));
    expect(ev.errors).toEqual([]);
    expect(ev.fields[0]?.value).toBe(7);
  });

  it('INVALID_TYPE for each kind of field', () => {
    const bad = [
      { width: 'abc' },
      { width: '12e3' },
      { width: ' 12' },
      { width: true },
      { width: Number.NaN },
      { width: Number.POSITIVE_INFINITY },
      { colour: 5 },
      { sill: 'yes' },
      { sill: 'TRUE' },
      { note: 5 },
      { delivery: 20240101 },
      { width: [1000] },
      { colour: { id: 'white' } },
    ];
    for (const configuration of bad) {
      const [name] = Object.keys(configuration);
      expect(codes(evaluate(form(), configuration)), name).toEqual([['INVALID_TYPE', name]]);
    }
    const messages = evaluate(form(), { width: 'x', colour: 5, sill: 1, note: false }).errors.map((e) => e.message);
    expect(messages).toEqual([
      'Width must be a number',
      'Colour: choose one of the options',
      'Sill must be true or false',
      'Note must be a text',
    ]);
  });

  it('BELOW_MIN, ABOVE_MAX and OFF_STEP with the limits in the message', () => {
    expect(evaluate(form(), { width: 390 }).errors).toEqual([
      { code: 'BELOW_MIN', field: 'width', rule: 'width', message: 'Width must be at least 400 mm', because: { width: 390 } },
    ]);
    expect(evaluate(form(), { width: 2500 }).errors).toEqual([
      { code: 'ABOVE_MAX', field: 'width', rule: 'width', message: 'Width must be at most 2400 mm', because: { width: 2500 } },
    ]);
    expect(evaluate(form(), { width: 1005 }).errors).toEqual([
      {
        code: 'OFF_STEP',
        field: 'width',
        rule: 'width',
        message: 'Width must go in steps of 10 mm from 400 mm',
        because: { width: 1005 },
      },
    ]);
    expect(codes(evaluate(form(), { width: 395 }))).toEqual([
      ['BELOW_MIN', 'width'],
      ['OFF_STEP', 'width'],
    ]);
  });

  it('the step grid starts at min (or 0) and tolerates float noise', () => {
    const ir = product({
      fields: [field('a', 'number', { min: 405, step: 10 }), field('b', 'number', { step: 0.1 })],
    });
    expect(codes(evaluate(ir, { a: 415, b: 0.1 + 0.2 }))).toEqual([]);
    expect(codes(evaluate(ir, { a: 410, b: 0.35 }))).toEqual([
      ['OFF_STEP', 'a'],
      ['OFF_STEP', 'b'],
    ]);
    expect(codes(evaluate(ir, { b: 1000.0000000000001 }))).toEqual([]);
  });

  it('UNKNOWN_OPTION', () => {
    expect(evaluate(form(), { colour: 'toString' }).errors).toEqual([
      {
        code: 'UNKNOWN_OPTION',
        field: 'colour',
        rule: 'colour',
        message: 'Colour: "toString" is not one of the options',
        because: { colour: 'toString' },
      },
    ]);
  });

  it('TOO_LONG and PATTERN_MISMATCH, the pattern anchored to the whole value', () => {
    expect(evaluate(form(), { note: 'abcdef' }).errors).toEqual([
      {
        code: 'TOO_LONG',
        field: 'note',
        rule: 'note',
        message: 'Note must be at most 5 characters long',
        because: { note: 'abcdef' },
      },
    ]);
    expect(codes(evaluate(form(), { note: 'x1' }))).toEqual([]);
    expect(codes(evaluate(form(), { note: '€€€€€' }))).toEqual([['PATTERN_MISMATCH', 'note']]);
    for (const note of ['abc1', 'ax1', '1x1']) {
      expect(codes(evaluate(form(), { note })), note).toEqual([['PATTERN_MISMATCH', 'note']]);
    }
    expect(evaluate(form(), { note: 'A' }).errors[0]?.message).toBe('Note does not have the expected format');
  });

  it('INVALID_DATE for malformed and impossible dates; date bounds', () => {
    for (const delivery of ['2024-02-30', '2023-02-29', '2024-2-1', '2024-13-01', '2024-04-31', '2024-00-10', 'soon']) {
      expect(codes(evaluate(form(), { delivery })), delivery).toEqual([['INVALID_DATE', 'delivery']]);
    }
    expect(codes(evaluate(form(), { delivery: '2024-02-29' }))).toEqual([]);
    expect(evaluate(form(), { delivery: '2023-12-31' }).errors).toEqual([
      {
        code: 'BELOW_MIN',
        field: 'delivery',
        rule: 'delivery',
        message: 'Delivery must not be before 2024-01-01',
        because: { delivery: '2023-12-31' },
      },
    ]);
    expect(evaluate(form(), { delivery: '2025-01-01' }).errors).toEqual([
      {
        code: 'ABOVE_MAX',
        field: 'delivery',
        rule: 'delivery',
        message: 'Delivery must not be after 2024-12-31',
        because: { delivery: '2025-01-01' },
      },
    ]);
  });

  it('collects every problem of every field', () => {
    const ev = evaluate(form(), { width: 3000, colour: 'red', sill: 'yes', note: 'ABC', delivery: '2024-02-30', x: 1 });
    expect(codes(ev)).toEqual([
      ['UNKNOWN_FIELD', 'x'],
      ['ABOVE_MAX', 'width'],
      ['UNKNOWN_OPTION', 'colour'],
      ['INVALID_TYPE', 'sill'],
      ['PATTERN_MISMATCH', 'note'],
      ['INVALID_DATE', 'delivery'],
    ]);
    expect(ev.price).toBeNull();
    // Invalid values are replaced by defaults for computing, so the rest of the evaluation still runs.
    expect(ev.fields.map((f) => f.value)).toEqual([1000, 'white', false, '', '', 2000]);
  });
});

describe('quantity', () => {
  const ir = form({ quantity: { min: 5, max: 100, step: 5, default: 10 } });

  it('accepts quantities on the grid from min', () => {
    for (const q of [5, 10, 100]) expect(evaluate(ir, {}, q).errors).toEqual([]);
  });

  it('INVALID_QUANTITY when not an integer, out of bounds or off step', () => {
    for (const q of [0, 1, 7, 7.5, 105, -5, Number.NaN, '10' as unknown as number]) {
      expect(evaluate(ir, {}, q).errors, String(q)).toEqual([
        {
          code: 'INVALID_QUANTITY',
          field: 'quantity',
          // A number JSON cannot carry is named, so the answer stays JSON.
          because: { quantity: Number.isNaN(q) ? 'out of range' : q },
          message: 'The quantity must be a whole number from 5 to 100 in steps of 5',
        },
      ]);
    }
  });
});

describe('localized messages', () => {
  it('uses the catalog and field label of the negotiated language', () => {
    const msg = (lang: string) => evaluate(form(), { width: 300 }, undefined, lang).errors[0]?.message;
    expect(msg('de')).toBe('Breite muss mindestens 400 mm betragen');
    expect(msg('de-AT')).toBe('Breite muss mindestens 400 mm betragen');
    expect(msg('fr')).toBe('Largeur doit être d’au moins 400 mm');
    // No Spanish, Italian or Dutch label: the default-language label inside the localized sentence.
    expect(msg('es')).toBe('Width debe ser como mínimo 400 mm');
    expect(msg('it')).toBe('Width deve essere almeno 400 mm');
    expect(msg('nl')).toBe('Width moet minstens 400 mm zijn');
    expect(msg('pt')).toBe('Width must be at least 400 mm');
  });

  it('reports the language it resolved', () => {
    expect(evaluate(form(), {}, undefined, 'DE-ch').language).toBe('de');
    expect(evaluate(form(), {}, undefined, 'pt-BR').language).toBe('en');
  });
});
