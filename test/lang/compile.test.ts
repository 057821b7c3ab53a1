// A valid schema compiles to the expected IR pieces: texts, languages, groups and their order, fallbacks,
// conditions with their source text, expressions, tables, price, outputs and rules.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { IR_VERSION, type ProductIR } from '../../src/lang/ir';

function compile(source: string): ProductIR {
  const { ir, diagnostics } = analyze(source);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!ir) throw new Error('no IR');
  return ir;
}

/** Line and column of the first occurrence of `text` in `source`, after `after` if given. */
function at(source: string, text: string, after = ''): { line: number; column: number } {
  const offset = source.indexOf(text, after ? source.indexOf(after) : 0);
  if (offset === -1) throw new Error(`${text} not found`);
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

const WINDOW = `product "Window" {
  language: en
  layout: tabs
  description: @desc
  quantity { min: 2, max: 20, step: 2, default: 4 }
}
translations en { desc: "A window", w: "Width", msg: "Too wide: {width} mm" }
translations de { desc: "Ein Fenster", w: "Breite" }

group extras { label: "Extras", order: 2 }
group dims { label: { en: "Dimensions", "de-CH": "Abmessungen" }, order: 1 }
group later { label: "Later" }

field width: number in dims { label: @w, unit: "mm", min: 400, max: 2400, step: 10 }
field height: slider in dims { label: "Height", min: 300, max: 2000, default: 1000, required: true }
field colour: swatch in extras {
  label: "Colour"
  options {
    white { label: "White", colour: "#fff", price: 0 }
    grey { label: { en: "Grey", de: "Grau" }, colour: "#888", price: 12.5 }
  }
}
field sill: checkbox in extras { label: "Sill", visible_when: width >= 600 and (colour != "white") }
field note: text in later { label: "Note", max_length: 20, pattern: "[A-Z]+", required_when: sill }
field delivery: date { label: "Date", min: "2026-01-05" }
field area: hidden { value: width * height / 1e6 }
field panes: quantity { label: "Panes", max: 10, presets: [1, 5] }

let perimeter = 2 * (width + height)
table glass: map { white: 1, grey: 2 }
table sill_price: range { lookup: interpolate, bands: [600, 1200], values: [30, 50] }
table base: matrix { rows: [600, 1200], columns: [600, 1200], values: [[100, 120], [130, 150]] }

price {
  line frame: "Frame" = base(width, height) * glass[colour]
  surcharge sill: { en: "Sill", de: "Sims" } = sill_price(width) when sill
  quantity_discount { 10: 5%, 4: 2.5% }
}
output bom internal { label: "BOM", profile_m = perimeter / 1000, glass_m2 = area when area > 1 }
output info {
  label: "Info"
  weight = round(area * 25, 1) + panes
  items { weight { label: "Weight", unit: "kg" } }
}
error too_wide { when: width > 2000 and height > 1800, message: @msg, field: width }
warning heavy { when: area > 3 or colour in ["grey"], message: "Heavy" }
`;

describe('a rich schema', () => {
  const ir = compile(WINDOW);
  const w = (text: string, after?: string) => at(WINDOW, text, after);

  it('compiles without any diagnostic', () => {
    expect(analyze(WINDOW).diagnostics).toEqual([]);
  });

  it('has the product settings, texts and languages', () => {
    expect(ir.irVersion).toBe(IR_VERSION);
    expect(ir.name).toEqual({ en: 'Window' });
    expect(ir.description).toEqual({ en: 'A window', de: 'Ein Fenster' });
    expect(ir.language).toBe('en');
    expect(ir.languages).toEqual(['en', 'de', 'de-CH']);
    expect(ir).toMatchObject({ currency: 'EUR', minorUnits: 2, layout: 'tabs' });
    expect(ir.quantity).toEqual({ min: 2, max: 20, step: 2, default: 4 });
  });

  it('orders groups by order, then declaration, with the implicit main group last', () => {
    expect(ir.groups.map((g) => [g.id, g.order])).toEqual([
      ['dims', 1],
      ['extras', 2],
      ['later', 3],
      ['main', 4],
    ]);
    expect(ir.groups[0]?.label).toEqual({ en: 'Dimensions', 'de-CH': 'Abmessungen' });
    expect(ir.groups[3]?.label).toEqual({ en: 'Window' });
  });

  it('keeps fields in declaration order with their groups, types and fallbacks', () => {
    expect(ir.fields.map((f) => [f.id, f.type, f.valueType, f.group, f.fallback])).toEqual([
      ['width', 'number', 'number', 'dims', 400],
      ['height', 'slider', 'number', 'dims', 1000],
      ['colour', 'swatch', 'string', 'extras', 'white'],
      ['sill', 'checkbox', 'boolean', 'extras', false],
      ['note', 'text', 'string', 'later', ''],
      ['delivery', 'date', 'string', 'main', ''],
      ['area', 'hidden', 'number', 'main', 0],
      ['panes', 'quantity', 'number', 'main', 0],
    ]);
  });

  it('carries field properties, declared defaults only, and options with attributes', () => {
    const [width, height, colour, , note, delivery, area, panes] = ir.fields;
    expect(width).toEqual({
      id: 'width',
      type: 'number',
      valueType: 'number',
      group: 'dims',
      label: { en: 'Width', de: 'Breite' },
      unit: 'mm',
      min: 400,
      max: 2400,
      step: 10,
      fallback: 400,
      required: false,
      at: w('width', 'field '),
    });
    expect(height).toMatchObject({ default: 1000, required: true });
    expect(colour?.options).toEqual([
      { id: 'white', label: { en: 'White' }, attrs: { colour: '#fff', price: 0 } },
      { id: 'grey', label: { en: 'Grey', de: 'Grau' }, attrs: { colour: '#888', price: 12.5 } },
    ]);
    expect(colour).not.toHaveProperty('default');
    expect(note).toMatchObject({ maxLength: 20, pattern: '[A-Z]+' });
    expect(note?.requiredWhen).toEqual({ source: 'sill', expr: { k: 'ref', name: 'sill' } });
    expect(delivery).toMatchObject({ min: '2026-01-05' });
    expect(area?.label).toBeUndefined();
    expect(area?.valueSource).toBe('width * height / 1e6');
    expect(area?.value).toEqual({
      k: 'bin',
      op: '/',
      a: { k: 'bin', op: '*', a: { k: 'ref', name: 'width' }, b: { k: 'ref', name: 'height' }, at: w('width * height') },
      b: { k: 'num', v: 1e6 },
      at: w('width * height'),
    });
    expect(panes?.presets).toEqual([1, 5]);
  });

  it('keeps the exact source text of conditions', () => {
    const sill = ir.fields.find((f) => f.id === 'sill');
    expect(sill?.visibleWhen?.source).toBe('width >= 600 and (colour != "white")');
    expect(sill?.visibleWhen?.expr).toEqual({
      k: 'bin',
      op: 'and',
      a: { k: 'bin', op: '>=', a: { k: 'ref', name: 'width' }, b: { k: 'num', v: 600 }, at: w('width >= 600') },
      b: { k: 'bin', op: '!=', a: { k: 'ref', name: 'colour' }, b: { k: 'str', v: 'white' }, at: w('(colour != "white")') },
      at: w('width >= 600'),
    });
  });

  it('compiles lets and tables by name', () => {
    expect(Object.keys(ir.lets)).toEqual(['perimeter']);
    expect(ir.tables.glass).toEqual({ kind: 'map', entries: { white: 1, grey: 2 } });
    expect(ir.tables.sill_price).toEqual({ kind: 'range', lookup: 'interpolate', bands: [600, 1200], values: [30, 50] });
    expect(ir.tables.base).toEqual({
      kind: 'matrix',
      lookup: 'next',
      rows: [600, 1200],
      columns: [600, 1200],
      values: [
        [100, 120],
        [130, 150],
      ],
    });
  });

  it('compiles price lines, table calls and the quantity discount', () => {
    expect(ir.price.lines).toEqual([
      {
        id: 'frame',
        kind: 'line',
        label: { en: 'Frame' },
        amount: {
          k: 'bin',
          op: '*',
          a: {
            k: 'table',
            table: 'base',
            args: [
              { k: 'ref', name: 'width' },
              { k: 'ref', name: 'height' },
            ],
            at: w('base(width'),
          },
          b: { k: 'index', table: 'glass', key: { k: 'ref', name: 'colour' }, at: w('glass[colour]') },
          at: w('base(width'),
        },
      },
      {
        id: 'sill',
        kind: 'surcharge',
        label: { en: 'Sill', de: 'Sims' },
        amount: { k: 'table', table: 'sill_price', args: [{ k: 'ref', name: 'width' }], at: w('sill_price(width)', 'surcharge') },
        when: { k: 'ref', name: 'sill' },
      },
    ]);
    expect(ir.price.quantityDiscount).toEqual([
      { min: 4, rate: 0.025 },
      { min: 10, rate: 0.05 },
    ]);
  });

  it('compiles outputs and rules', () => {
    expect(ir.outputs.map((o) => [o.id, o.internal, o.label, o.items.map((i) => i.id)])).toEqual([
      ['bom', true, { en: 'BOM' }, ['profile_m', 'glass_m2']],
      ['info', false, { en: 'Info' }, ['weight']],
    ]);
    const area = { k: 'ref', name: 'area' };
    expect(ir.outputs[0]?.items[1]?.when).toEqual({ k: 'bin', op: '>', a: area, b: { k: 'num', v: 1 }, at: w('area > 1') });
    expect(ir.outputs[1]?.items[0]?.value).toMatchObject({ a: { k: 'call', fn: 'round', at: w('round(') } });
    expect(ir.rules).toEqual([
      {
        id: 'too_wide',
        severity: 'error',
        when: expect.objectContaining({ k: 'bin', op: 'and' }),
        message: { en: 'Too wide: {width} mm' },
        field: 'width',
        at: w('too_wide'),
      },
      {
        id: 'heavy',
        severity: 'warning',
        when: expect.objectContaining({
          op: 'or',
          b: { k: 'in', a: { k: 'ref', name: 'colour' }, list: [{ k: 'str', v: 'grey' }], negate: false },
        }),
        message: { en: 'Heavy' },
        at: w('heavy'),
      },
    ]);
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(ir))).toEqual(ir);
  });
});

describe('compiling details', () => {
  it('takes the minor unit from the currency', () => {
    const unit = (code: string) => compile(`product "P" { currency: ${code} }`).minorUnits;
    expect([unit('EUR'), unit('JPY'), unit('KWD'), unit('CHF')]).toEqual([2, 0, 3, 2]);
  });

  it('writes percentages as numbers, and unary, not, if and not in as their IR forms', () => {
    const ir = compile(`product "P" {}
field c: radio { label: "C", options { a { label: "A" }
  b { label: "B" } } }
let x = if not (c not in ["a"]) then -25% else 1.5e3
output o { x = x }`);
    expect(ir.lets.x).toEqual({
      k: 'if',
      c: { k: 'not', a: { k: 'in', a: { k: 'ref', name: 'c' }, list: [{ k: 'str', v: 'a' }], negate: true } },
      t: { k: 'neg', a: { k: 'num', v: 0.25 } },
      e: { k: 'num', v: 1500 },
    });
  });

  it('applies the precedence of the design doc', () => {
    const ir = compile(`product "P" {}
field a: number { label: "A" }
field b: checkbox { label: "B" }
warning w { when: not b and a + 2 * 3 > 4 or a == -1 - 1, message: "M" }`);
    const num = (v: number) => ({ k: 'num', v });
    const strip = (e: unknown): unknown => JSON.parse(JSON.stringify(e, (k, v: unknown) => (k === 'at' ? undefined : v)));
    expect(strip(ir.rules[0]?.when)).toEqual({
      k: 'bin',
      op: 'or',
      a: {
        k: 'bin',
        op: 'and',
        a: { k: 'not', a: { k: 'ref', name: 'b' } },
        b: {
          k: 'bin',
          op: '>',
          a: { k: 'bin', op: '+', a: { k: 'ref', name: 'a' }, b: { k: 'bin', op: '*', a: num(2), b: num(3) } },
          b: { k: 'num', v: 4 },
        },
      },
      b: { k: 'bin', op: '==', a: { k: 'ref', name: 'a' }, b: { k: 'bin', op: '-', a: { k: 'neg', a: num(1) }, b: num(1) } },
    });
  });

  it('orders groups of equal order by declaration, and puts ungrouped fields in a declared main group', () => {
    const ir = compile(`product "P" {}
group b { label: "B", order: 5 }
group a { label: "A", order: 5 }
group main { label: "Start", order: 1 }
field x: number in a { label: "X" }
field y: number in b { label: "Y" }
field z: number { label: "Z" }`);
    expect(ir.groups.map((g) => g.id)).toEqual(['main', 'b', 'a']);
    expect(ir.groups[0]?.label).toEqual({ en: 'Start' });
  });

  it('gives number fields without min a fallback of 0, or max when max is negative', () => {
    const ir = compile(`product "P" {}
field a: number { label: "A" }
field b: number { label: "B", max: -5 }
field c: number { label: "C", min: -3, default: 2 }`);
    expect(ir.fields.map((f) => f.fallback)).toEqual([0, -5, 2]);
  });

  it('gives hidden fields the type of their value', () => {
    const ir = compile(`product "P" {}
field t: text { label: "T" }
field n: hidden { value: len(t) }
field s: hidden { value: t }
field b: hidden { value: t == "x" }`);
    expect(ir.fields.slice(1).map((f) => [f.valueType, f.fallback])).toEqual([
      ['number', 0],
      ['string', ''],
      ['boolean', false],
    ]);
  });

  it('resolves translation keys in every language that has them', () => {
    const ir = compile(`product "P" { language: "de-CH" }
translations "de-CH" { l: "Breite" }
translations fr { l: "Largeur" }
translations de { other: "x" }
field w: number { label: @l }`);
    expect(ir.fields[0]?.label).toEqual({ 'de-CH': 'Breite', fr: 'Largeur' });
    expect(ir.languages).toEqual(['de-CH', 'de', 'fr']);
    expect(ir.name).toEqual({ 'de-CH': 'P' });
  });
});
