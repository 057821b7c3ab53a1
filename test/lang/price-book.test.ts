// Price points and price books (src/lang/price-points.ts, src/lang/price-book.ts) on the PVC window example, and the
// effective amounts of list chains (src/pricing/derive.ts) priced end to end: every figure below is derived by hand
// in the comment beside it (docs/schema-language.md "Price lists").
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { applyPriceBook } from '../../src/lang/price-book';
import { pricePoints } from '../../src/lang/price-points';
import { AmountOutOfRange, type ChainList, effectiveAmounts, MAX_CHAIN_LENGTH, priceBook } from '../../src/pricing/derive';

const window = (): ProductIR => {
  const ir = analyze(readFileSync(new URL('../../examples/pvc-window.cpq', import.meta.url), 'utf8')).ir;
  if (!ir) throw new Error('the example does not compile');
  return ir;
};

const list = (currency: string, factor: string, rounding: string, entries: Record<string, number> = {}): ChainList => ({
  currency,
  factor,
  rounding,
  entries: new Map(Object.entries(entries)),
});

/** The default window (1000 × 1200, single sash, tilt and turn, triple glazing), priced under a chain. */
function defaults(chain: ChainList[], configuration: Record<string, unknown> = {}) {
  const ir = window();
  const book = priceBook(pricePoints(ir), chain);
  if (!book) throw new Error('no book');
  const evaluation = instantiate(applyPriceBook(ir, book)).calculate({ configuration, quantity: 1 });
  const lines = Object.fromEntries(evaluation.price?.lines.map((l) => [l.id, l.amount]) ?? []);
  return { currency: evaluation.price?.currency, total: evaluation.price?.total, lines };
}

describe('price points', () => {
  it('keys every declared number of the window, in declaration order, with the model number and a label', () => {
    const points = pricePoints(window());
    // 6 × 6 matrix cells, 3 glass prices, 6 sill bands, 3 openings, 4 colours, 1 line.
    expect(points).toHaveLength(36 + 3 + 6 + 3 + 4 + 1);
    expect(points[0]).toEqual({ key: 'base_price[600,600]', kind: 'table', label: 'base_price 600 × 600', model: 120 });
    const byKey = new Map(points.map((p) => [p.key, p]));
    expect(byKey.get('base_price[1200,1500]')?.model).toBe(220);
    expect(byKey.get('glass_price_m2[triple]')).toEqual({
      key: 'glass_price_m2[triple]',
      kind: 'table',
      label: 'glass_price_m2 triple',
      model: 55.5,
    });
    expect(byKey.get('sill_price[900]')?.model).toBe(38);
    expect(byKey.get('opening.turn_tilt.price')).toEqual({
      key: 'opening.turn_tilt.price',
      kind: 'option',
      label: 'Opening: Tilt and turn — price',
      model: 42,
    });
    // The palette both colour fields offer is priced once, under the set's name.
    expect(points.filter((p) => p.key.startsWith('frame_colours.')).map((p) => p.key)).toEqual([
      'frame_colours.white.price',
      'frame_colours.cream.price',
      'frame_colours.anthracite.price',
      'frame_colours.golden_oak.price',
    ]);
    expect(points.some((p) => p.key.startsWith('colour'))).toBe(false);
    expect(byKey.get('line.mullion')).toEqual({ key: 'line.mullion', kind: 'line', label: 'Line: Second sash', model: 65 });
  });

  it('a product that declares none has none; a map fallback is a point of its own', () => {
    expect(pricePoints(analyze('product "P" {}\nprice { line a: "A" = 1 }').ir as ProductIR)).toEqual([]);
    const ir = analyze('product "P" { list_prices: [m] }\ntable m: map { "__proto__": 2, *: 3 }\nprice { line a: "A" = m["x"] }')
      .ir as ProductIR;
    expect(pricePoints(ir).map((p) => [p.key, p.model])).toEqual([
      ['m[__proto__]', 2],
      ['m[*]', 3],
    ]);
  });
});

describe('applyPriceBook', () => {
  it('substitutes the amounts, the currency and its minor unit, and leaves the model untouched', () => {
    const ir = window();
    const before = JSON.stringify(ir);
    const amounts = new Map([
      ['base_price[1200,1200]', 180],
      ['glass_price_m2[triple]', 50],
      ['frame_colours.cream.price', 9.5],
      ['sill_price[900]', 41],
      ['line.mullion', 70],
      ['nope[1]', 1],
    ]);
    const out = applyPriceBook(ir, { currency: 'BHD', amounts });
    expect(JSON.stringify(ir)).toBe(before);
    expect([out.currency, out.minorUnits]).toEqual(['BHD', 3]);
    const base = out.tables.base_price;
    expect(base?.kind === 'matrix' && base.values[2]?.[2]).toBe(180);
    // Rows no amount touches are the model's own arrays.
    expect(base?.kind === 'matrix' && base.values[0]).toBe(
      ir.tables.base_price?.kind === 'matrix' && ir.tables.base_price.values[0],
    );
    const glass = out.tables.glass_price_m2;
    expect(glass?.kind === 'map' && glass.entries.triple).toBe(50);
    expect(glass?.kind === 'map' && glass.entries.double).toBe(38);
    const sill = out.tables.sill_price;
    expect(sill?.kind === 'range' && sill.values).toEqual([30, 41, 46, 55, 64, 80]);
    expect(out.price.lines.find((l) => l.id === 'mullion')?.amount).toEqual({ k: 'num', v: 70 });
    const colour = out.fields.find((f) => f.id === 'colour');
    const inside = out.fields.find((f) => f.id === 'colour_inside');
    expect(colour?.options?.find((o) => o.id === 'cream')?.attrs.price).toBe(9.5);
    expect(colour?.options?.find((o) => o.id === 'cream')?.attrs.colour).toBe('#e9e0c9');
    // Still one array for both fields: the stored form writes a shared set once (src/lang/ir-json.ts).
    expect(inside?.options).toBe(colour?.options);
    // Tables and fields no amount touches are shared with the model.
    expect(out.tables.glass_kg_m2).toBe(ir.tables.glass_kg_m2);
    expect(out.fields.find((f) => f.id === 'width')).toBe(ir.fields.find((f) => f.id === 'width'));
  });

  it("a book of the model's own numbers gives back the model, in every example declaring list prices", () => {
    const declaring = readdirSync(new URL('../../examples/', import.meta.url)).filter((f) => f.endsWith('.cpq'));
    let checked = 0;
    for (const file of declaring) {
      const ir = analyze(readFileSync(new URL(`../../examples/${file}`, import.meta.url), 'utf8')).ir as ProductIR;
      const points = pricePoints(ir);
      if (points.length === 0) continue;
      checked++;
      expect(new Set(points.map((p) => p.key)).size, file).toBe(points.length);
      const same = applyPriceBook(ir, { currency: ir.currency, amounts: new Map(points.map((p) => [p.key, p.model])) });
      expect(same, file).toEqual(ir);
      // And every key reaches its number: doubled, each point reads back doubled.
      const doubled = applyPriceBook(ir, { currency: ir.currency, amounts: new Map(points.map((p) => [p.key, p.model * 2])) });
      expect(
        pricePoints(doubled).map((p) => p.model),
        file,
      ).toEqual(points.map((p) => p.model * 2));
    }
    expect(checked).toBe(3);
  });

  it("a line written as a negative number is a price point too: the door's collection discount", () => {
    const ir = analyze(readFileSync(new URL('../../examples/interior-door.cpq', import.meta.url), 'utf8')).ir as ProductIR;
    expect(pricePoints(ir).find((p) => p.key === 'line.collect')).toEqual({
      key: 'line.collect',
      kind: 'line',
      label: 'Line: Collection discount',
      model: -10,
    });
    const priced = applyPriceBook(ir, { currency: 'CHF', amounts: new Map([['line.collect', -15]]) });
    expect(priced.price.lines.find((l) => l.id === 'collect')?.amount).toEqual({ k: 'num', v: -15 });
    const lines = (model: ProductIR) =>
      instantiate(model)
        .calculate({ configuration: { collect: true }, quantity: 1 })
        .price?.lines.find((l) => l.id === 'collect')?.amount;
    expect([lines(ir), lines(priced)]).toEqual([-10, -15]);
  });

  it('an empty book changes only the currency; an unknown currency or a non-finite amount is refused', () => {
    const ir = window();
    const out = applyPriceBook(ir, { currency: 'JPY', amounts: new Map() });
    expect({ ...out, currency: ir.currency, minorUnits: ir.minorUnits }).toEqual(ir);
    expect(out.minorUnits).toBe(0);
    expect(() => applyPriceBook(ir, { currency: 'XXX', amounts: new Map() })).toThrow(RangeError);
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => applyPriceBook(ir, { currency: 'EUR', amounts: new Map([['line.mullion', v]]) })).toThrow(RangeError);
    }
  });

  for (const n of ['__proto__', 'constructor', 'toString']) {
    it(`"${n}" as a field, option, attribute, table and line name is an ordinary price point`, () => {
      const ir = analyze(
        [
          `product "P" { list_prices: [${n}.${n}, ${n}_t, price.${n}] }`,
          `field ${n}: dropdown { label: "F", options { ${n} { label: "A", ${n}: 2 }, b { label: "B", ${n}: 3 } } }`,
          `table ${n}_t: map { ${n}: 10, b: 20 }`,
          `price { line ${n}: "L" = 5\n line x: "X" = ${n}.${n} + ${n}_t[${n}] }`,
        ].join('\n'),
      ).ir as ProductIR;
      expect(pricePoints(ir).map((p) => [p.key, p.model])).toEqual([
        [`${n}.${n}.${n}`, 2],
        [`${n}.b.${n}`, 3],
        [`${n}_t[${n}]`, 10],
        [`${n}_t[b]`, 20],
        [`line.${n}`, 5],
      ]);
      const book = {
        currency: 'EUR',
        amounts: new Map([
          [`${n}.${n}.${n}`, 4],
          [`${n}_t[${n}]`, 30],
          [`line.${n}`, 7],
        ]),
      };
      // 7 + (4 + 30)
      expect(instantiate(applyPriceBook(ir, book)).calculate({ configuration: {}, quantity: 1 }).price?.total).toBe(41);
    });
  }

  it('a key named __proto__ replaces the entry of that name and nothing else', () => {
    const ir = analyze(
      'product "P" { list_prices: [m] }\ntable m: map { "__proto__": 2, x: 5 }\nfield k: dropdown { label: "K", options { __proto__ { label: "P" }, x { label: "X" } } }\nprice { line a: "A" = m[k] }',
    ).ir as ProductIR;
    const out = applyPriceBook(ir, { currency: 'EUR', amounts: new Map([['m[__proto__]', 7]]) });
    const m = out.tables.m;
    expect(m?.kind === 'map' && Object.entries(m.entries)).toEqual([
      ['__proto__', 7],
      ['x', 5],
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(instantiate(out).calculate({ configuration: { k: '__proto__' }, quantity: 1 }).price?.total).toBe(7);
  });
});

describe('lists priced end to end (the default window: frame 195, glazing 1.2 m² × 55.50, fittings 42; 303.60 EUR)', () => {
  it('EUR: an explicit entry wins, the rest is the model through factor 1', () => {
    // frame 199 (entry) + glazing 1.2 × 55.50 = 66.60 + fittings 42 = 307.60
    const r = defaults([list('EUR', '1', 'minor', { 'base_price[1200,1200]': 19900 })]);
    expect(r).toEqual({ currency: 'EUR', total: 307.6, lines: { frame: 199, glazing: 66.6, hardware: 42 } });
  });

  it('CHF 0.05 (Swiss cash rounding), from the model at 0.97', () => {
    // frame 195 × 0.97 = 189.15; glass 55.5 × 0.97 = 53.835 → 53.85, glazing 1.2 × 53.85 = 64.62;
    // fittings 42 × 0.97 = 40.74 → 40.75; total 294.52
    const r = defaults([list('CHF', '0.97', '0.05')]);
    expect(r).toEqual({ currency: 'CHF', total: 294.52, lines: { frame: 189.15, glazing: 64.62, hardware: 40.75 } });
  });

  it('GBP .99 endings, from the model at 0.86', () => {
    // frame 195 × 0.86 = 167.70 → 167.99; glass 55.5 × 0.86 = 47.73 → 47.99, glazing 1.2 × 47.99 = 57.588 → 57.59;
    // fittings 42 × 0.86 = 36.12 → 35.99 (0.13 away; 36.99 is 0.87); total 261.57
    const r = defaults([list('GBP', '0.86', '.99')]);
    expect(r).toEqual({ currency: 'GBP', total: 261.57, lines: { frame: 167.99, glazing: 57.59, hardware: 35.99 } });
  });

  it('JPY, no minor unit, from the model at 162.3', () => {
    // frame 195 × 162.3 = 31648.5 → 31649; glass 55.5 × 162.3 = 9007.65 → 9008, glazing 1.2 × 9008 = 10809.6 → 10810;
    // fittings 42 × 162.3 = 6816.6 → 6817; total 49276
    const r = defaults([list('JPY', '162.3', 'minor')]);
    expect(r).toEqual({ currency: 'JPY', total: 49276, lines: { frame: 31649, glazing: 10810, hardware: 6817 } });
  });

  it('BHD, three decimals, from the model at 0.4105', () => {
    // frame 195 × 0.4105 = 80.0475 → 80.048; glass 55.5 × 0.4105 = 22.78275 → 22.783, glazing 1.2 × 22.783 =
    // 27.3396 → 27.340; fittings 42 × 0.4105 = 17.241; total 124.629
    const r = defaults([list('BHD', '0.4105', 'minor')]);
    expect(r).toEqual({ currency: 'BHD', total: 124.629, lines: { frame: 80.048, glazing: 27.34, hardware: 17.241 } });
  });

  it('a dealer list 30 % below retail, whole euros, its own entry winning', () => {
    const retail = list('EUR', '1', 'minor', { 'base_price[1200,1200]': 19900 });
    // frame 199 × 0.7 = 139.3 → 139; glass 55.50 × 0.7 = 38.85 → 39, glazing 1.2 × 39 = 46.80; fittings 42 × 0.7
    // = 29.4 → 29; total 214.80
    expect(defaults([list('EUR', '0.7', '1'), retail])).toEqual({
      currency: 'EUR',
      total: 214.8,
      lines: { frame: 139, glazing: 46.8, hardware: 29 },
    });
    // The dealer's own 25.00 for tilt and turn is taken as is: 139 + 46.80 + 25 = 210.80
    const dealer = list('EUR', '0.7', '1', { 'opening.turn_tilt.price': 2500 });
    expect(defaults([dealer, retail]).total).toBe(210.8);
  });

  it('a chain: CHF at 0.97 (0.05) of the dealer list of the retail list', () => {
    const retail = list('EUR', '1', 'minor', { 'base_price[1200,1200]': 19900 });
    const dealer = list('EUR', '0.7', '1');
    const chf = list('CHF', '0.97', '0.05');
    const points = pricePoints(window());
    const e = effectiveAmounts(points, [chf, dealer, retail]);
    // 199 → 139 (dealer) → 139 × 0.97 = 134.83 → 134.85
    expect(e.amounts.get('base_price[1200,1200]')).toBe(134.85);
    expect(e.minor.get('base_price[1200,1200]')).toBe(13485);
    expect(e.sources.get('base_price[1200,1200]')).toBe('derived');
    // 55.5 → 55.50 → 38.85 → 39 (dealer) → 37.83 → 37.85
    expect(e.amounts.get('glass_price_m2[triple]')).toBe(37.85);
    expect(e.sources.get('glass_price_m2[triple]')).toBe('model');
    // white is 0 in the model: 0 in every list
    expect(e.amounts.get('frame_colours.white.price')).toBe(0);
    const own = effectiveAmounts(points, [list('CHF', '0.97', '0.05', { 'line.mullion': 6000 }), dealer, retail]);
    expect([own.amounts.get('line.mullion'), own.sources.get('line.mullion')]).toEqual([60, 'entry']);
    expect(own.amounts.size).toBe(points.length);
  });

  it('a chain longer than the bound, or a list with an invalid factor or rounding, is refused', () => {
    const points = pricePoints(window());
    const eur = list('EUR', '1', 'minor');
    expect(() =>
      effectiveAmounts(
        points,
        Array.from({ length: MAX_CHAIN_LENGTH + 1 }, () => eur),
      ),
    ).toThrow(RangeError);
    expect(
      effectiveAmounts(
        points,
        Array.from({ length: MAX_CHAIN_LENGTH }, () => eur),
      ).amounts.size,
    ).toBe(points.length);
    for (const bad of [
      list('EUR', '0', 'minor'),
      list('EUR', '-1', 'minor'),
      list('EUR', '1e3', 'minor'),
      list('JPY', '1', '.99'),
      list('EUR', '1', '0.001'),
    ]) {
      expect(() => effectiveAmounts(points, [bad])).toThrow(RangeError);
    }
    // An amount pushed past 10^12 names its key.
    const huge = list('EUR', '999999', 'minor');
    expect(() => effectiveAmounts(points, [huge, huge, huge])).toThrow(new AmountOutOfRange('base_price[600,600]'));
    const stored = list('EUR', '1', 'minor', { 'line.mullion': 10 ** 14 });
    expect(() => effectiveAmounts(points, [stored])).toThrow(new AmountOutOfRange('line.mullion'));
    expect(() => effectiveAmounts(points, [list('EUR', '1', 'minor'), stored])).toThrow(new AmountOutOfRange('line.mullion'));
    expect(
      effectiveAmounts(points, [list('EUR', '1', 'minor', { 'line.mullion': 10 ** 14 - 1 })]).amounts.get('line.mullion'),
    ).toBe(999999999999.99);
  });
});
