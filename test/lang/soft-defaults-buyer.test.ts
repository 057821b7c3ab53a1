/// <reference types="vite/client" />
// Soft defaults never override the buyer (issue 33, src/lang/configure/soft-defaults/adjust.ts, kept-active.ts, pricing.ts, ask.ts):
// an adjustment never hides or disables a field the buyer set, a choice field takes the option whose completion
// costs least (ties in schema order, the comparing bounded), `adjust: ask` leaves an excluded default to the buyer,
// reasons and `because` are found on the configuration shown, and `because` names the buyer's values first.
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/lang/configure/budget';
import { COMPARE_UNITS, optionPrices } from '../../src/lang/configure/pricing';
import { MAX_COMPARED } from '../../src/lang/configure/soft-defaults/adjust';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import bike from '../fixtures/promise/child-seat-bike.cpq?raw';
import kitchen from '../fixtures/promise/kitchen-run.cpq?raw';

function model(source: string) {
  const { ir, diagnostics } = analyze(source);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const m = instantiate(ir as ProductIR);
  const at = (configuration: Record<string, unknown>) => ({ configuration, quantity: 1 });
  return {
    ir: ir as ProductIR,
    calculate: (configuration: Record<string, unknown>) => m.calculate(at(configuration)),
    configure: (configuration: Record<string, unknown>) => m.configure(at(configuration)),
  };
}

const field = (r: { fields: { id: string }[] }, id: string) => r.fields.find((f) => f.id === id) as Record<string, unknown>;
const unavailable = (r: ReturnType<ReturnType<typeof model>['configure']>, id: string) =>
  r.fields.find((f) => f.id === id)!.options!.filter((o) => !o.available);

/** The bike, its type marked `adjust: ask`. */
const askedBike = bike.replace('  default: "city"\n', '  default: "city"\n  adjust: ask\n');

describe('an adjustment keeps the fields the buyer set active', () => {
  it('two sinks sent on a run of three are refused (one_sink), not priced by hiding the third cabinet', () => {
    const k = model(kitchen);
    const sent = { type_1: 'sink80', type_3: 'sink80' };
    const ev = k.calculate(sent);
    expect(ev.adjusted).toEqual([]);
    expect(ev.price).toBeNull();
    expect(ev.errors.map((e) => [e.code, e.rule])).toEqual([['CONSTRAINT', 'one_sink']]);
    const r = k.configure(sent);
    expect(r.evaluation).toEqual(ev);
    expect(field(r, 'cabinet_count')).toMatchObject({ value: 3, source: 'default' });
    expect(field(r, 'type_3')).toMatchObject({ visible: true, value: 'sink80', source: 'sent' });
    // The buyer's way out: two cabinets (dropping the third, by the buyer's own choice) or no second sink.
    expect(field(r, 'cabinet_count')).toMatchObject({ min: 1, max: 2 });
    expect(unavailable(r, 'type_3').map((o) => o.id)).toEqual(['sink80']);
    const two = k.calculate({ ...sent, cabinet_count: 2 });
    expect(two.errors).toEqual([]);
    expect(two.price!.total).toBe(410 + 240);
  });

  it('an option that completes only by hiding its own field is unavailable, and calculate refuses it', () => {
    const k = model(kitchen);
    // With a sink in the first cabinet, a sink in the second would need a run of one, which hides the second.
    const r = k.configure({ type_1: 'sink80' });
    expect(unavailable(r, 'type_2').map((o) => [o.id, o.reasons.map((x) => x.rule)])).toEqual([['sink80', ['one_sink']]]);
    const ev = k.calculate({ type_1: 'sink80', type_2: 'sink80' });
    expect(ev.adjusted).toEqual([]);
    expect(ev.errors.map((e) => e.rule)).toEqual(['one_sink']);
  });

  it('want and conflicts keep the fields set active too: the second sink conflicts with the first', () => {
    const { ir } = analyze(kitchen);
    const m = instantiate(ir as ProductIR);
    const r = m.configure({
      configuration: { type_1: 'sink80' },
      quantity: 1,
      want: { field: 'type_2', option: 'sink80' },
      conflicts: true,
    });
    expect(r.want).toMatchObject({
      available: false,
      possible: true,
      conflict: ['type_1'],
      suggestions: [{ change: { type_1: 'base' } }],
    });
    const sink = r.fields.find((f) => f.id === 'type_2')!.options!.find((o) => o.id === 'sink80')!;
    expect(sink.conflict).toEqual(['type_1']);
  });

  it("a conflict's because names the values sent before the defaults", () => {
    const ev = model(kitchen).calculate({ type_1: 'sink80', type_3: 'sink80' });
    // Read in schema order (type_1, type_2, type_3); the default of type_2 comes after the two sinks sent.
    expect(Object.entries(ev.errors[0]!.because)).toEqual([
      ['type_1', 'sink80'],
      ['type_3', 'sink80'],
      ['type_2', 'base'],
    ]);
    // So does a reason: a second sink excluded by the third one sent, the first cabinet's default named after it.
    const r = model(kitchen).configure({ type_3: 'sink80' });
    const reason = unavailable(r, 'type_2')[0]!.reasons[0]!;
    expect([reason.rule, Object.entries(reason.because)]).toEqual([
      'one_sink',
      [
        ['type_3', 'sink80'],
        ['type_1', 'base'],
      ],
    ]);
  });
});

describe('a choice field takes the option whose completion costs least', () => {
  it('a child seat makes the city bike a trekking bike (1,890 €), not a cargo bike (3,788 €); touring ties and comes later', () => {
    const b = model(bike);
    const ev = b.calculate({ child_seat: true });
    expect(ev.adjusted).toEqual([{ field: 'bike_type', value: 'trekking', replaced: 'city' }]);
    expect(ev.price!.total).toBe(1890 + 90);
    expect(b.configure({ child_seat: true }).evaluation).toEqual(ev);
  });

  it('the cheapest of the options the other choices leave: touring in S, cargo in XS', () => {
    const b = model(bike);
    expect(b.calculate({ child_seat: true, frame: 's' }).adjusted).toEqual([
      { field: 'bike_type', value: 'touring', replaced: 'city' },
    ]);
    const xs = b.calculate({ child_seat: true, frame: 'xs' });
    expect(xs.adjusted).toEqual([{ field: 'bike_type', value: 'cargo', replaced: 'city' }]);
    expect(xs.price!.total).toBe(3788 + 90);
  });

  it('a completion is priced whole: four doors with white panels (239 €) over three with the mirror default (369 €)', () => {
    const doors = model(WARDROBE_3000);
    expect(doors.calculate({ width: 3000 }).adjusted).toEqual([
      { field: 'doors', value: 'four', replaced: 'two' },
      { field: 'panel', value: 'white', replaced: 'mirror' },
    ]);
  });

  it(`options are compared ${MAX_COMPARED} at a time, the next ${MAX_COMPARED} only when none of them completes`, () => {
    // Options in schema order, each cheaper than the one before: the cheapest compared is the last of the eight.
    const few = model(styles(20, 1));
    expect(few.calculate({ premium: true }).adjusted).toEqual([{ field: 'style', value: 'o8', replaced: 'o0' }]);
    const r = few.configure({ premium: true });
    expect(r.evaluation).toEqual(few.calculate({ premium: true }));
    expect(r.complete).toBe(true);
    // o0 to o9 excluded: o1 to o8 compared, none completes; then o9 to o16, of which o10 to o16 complete.
    const later = model(styles(20, 10));
    expect(later.calculate({ premium: true }).adjusted).toEqual([{ field: 'style', value: 'o16', replaced: 'o0' }]);
  });

  it(`the comparing stops once the adjustment has spent ${COMPARE_UNITS.toLocaleString('en')} units`, () => {
    const { ir } = analyze(styles(20, 1));
    const m = compileModel(ir as ProductIR);
    const c = new Ctx(m.slots, m.ir.fields.length);
    const budget = new Budget(c);
    const prices = optionPrices(m, c, 1, budget);
    const style = m.fieldIndex.get('style')!;
    expect([prices.compares(style), prices.compares(m.fieldIndex.get('premium')!)]).toEqual([true, false]);
    expect(prices.of(['o3', false])).toBe(997 * 100);
    budget.spend(COMPARE_UNITS);
    expect(prices.compares(style)).toBe(false);
  });

  it('a field no price line reads is not compared: the first option in schema order that completes', () => {
    const unpriced = model(styles(20, 1).replace('line style: "Style" = style.price', 'line style: "Style" = 100'));
    expect(unpriced.calculate({ premium: true }).adjusted).toEqual([{ field: 'style', value: 'o1', replaced: 'o0' }]);
  });
});

describe('adjust: ask', () => {
  it('a default the values sent exclude is not adjusted: calculate asks for the field, configure marks it required', () => {
    const b = model(askedBike);
    expect(b.ir.fields.find((f) => f.id === 'bike_type')!.adjust).toBe('ask');
    const ev = b.calculate({ child_seat: true });
    expect(ev.price).toBeNull();
    expect(ev.adjusted).toEqual([]);
    expect(ev.errors).toEqual([
      {
        code: 'REQUIRED',
        field: 'bike_type',
        rule: 'bike_type',
        message: 'Bike is required: its default does not go with the other choices',
        line: expect.any(Number),
        column: expect.any(Number),
        because: {},
      },
    ]);
    const r = b.configure({ child_seat: true });
    expect(r.evaluation).toEqual(ev);
    expect(field(r, 'bike_type')).toMatchObject({ value: 'city', source: 'default', required: true });
    expect(unavailable(r, 'bike_type').map((o) => o.id)).toEqual(['city']);
    // Chosen, it prices; the default kept when it is consistent.
    expect(b.calculate({ child_seat: true, bike_type: 'touring' }).price!.total).toBe(1890 + 90);
    expect(b.calculate({ carrier: 'basket' }).errors).toEqual([]);
  });

  it('the fields after one asked for are still adjusted, with it free', () => {
    const lid = model(`product "Lid" {
  language: en
  currency: EUR
}
field kind: dropdown {
  label: "Kind"
  adjust: ask
  options { a { label: "A" }, b { label: "B" } }
}
field size: dropdown {
  label: "Size"
  options { s { label: "S" }, l { label: "L" } }
}
field lid: checkbox {
  label: "Lid"
}
constraint kind_lid {
  require: not (lid and kind == "a")
  message: "A has no lid"
}
constraint size_lid {
  require: not (lid and size == "s")
  message: "S has no lid"
}
price {
  line base: "Base" = 10
}
`);
    const ev = lid.calculate({ lid: true });
    expect(ev.adjusted).toEqual([{ field: 'size', value: 'l', replaced: 's' }]);
    expect(ev.errors.map((e) => [e.code, e.field])).toEqual([['REQUIRED', 'kind']]);
    expect(lid.configure({ lid: true }).evaluation).toEqual(ev);
    expect(lid.calculate({ lid: true, kind: 'b' }).adjusted).toEqual([{ field: 'size', value: 'l', replaced: 's' }]);
  });

  it('the checker reads auto and ask, refuses other words and types whose default is never adjusted', () => {
    expect(
      analyze(bike.replace('  default: "city"\n', '  default: "city"\n  adjust: auto\n')).ir!.fields[0]!.adjust,
    ).toBeUndefined();
    const bad = analyze(bike.replace('  default: "city"\n', '  default: "city"\n  adjust: later\n')).diagnostics;
    expect(bad.map((d) => [d.code, d.message])).toEqual([['E_VALUE', '"adjust" must be one of auto, ask; found "later"']]);
    const text = analyze(`${bike}\nfield note: text {\n  label: "Note"\n  adjust: ask\n}\n`).diagnostics;
    expect(text.map((d) => d.code)).toEqual(['E_PROPERTY']);
    expect(text[0]!.message).toMatch(/"adjust" is not a property of text fields/);
  });
});

describe('reasons and because on the configuration shown', () => {
  it('panniers are unavailable with a child seat because of the trekking bike shown, not the city default', () => {
    const r = model(bike).configure({ child_seat: true });
    expect(field(r, 'bike_type')).toMatchObject({ value: 'trekking', source: 'adjusted', replaced_default: 'city' });
    expect(unavailable(r, 'carrier')).toEqual([
      {
        id: 'pannier',
        available: false,
        reasons: [
          {
            rule: 'pannier_fit',
            message: 'Panniers fit the city bike only',
            line: expect.any(Number),
            column: expect.any(Number),
            because: { bike_type: 'trekking' },
          },
        ],
      },
    ]);
  });

  it("a warning of the adjusted configuration names the buyer's child seat before the adjusted type", () => {
    const ev = model(bike).calculate({ child_seat: true });
    expect(ev.warnings.map((w) => [w.rule, Object.keys(w.because)])).toEqual([['seat_delivery', ['child_seat', 'bike_type']]]);
  });
});

/** The sliding wardrobe of test/fixtures/promise/wardrobe.cpq, as far as its doors and panels go. */
const WARDROBE_3000 = `product "Wardrobe" {
  language: en
  currency: EUR
}
field width: number {
  label: "Width"
  min: 1200, max: 4000, step: 10, default: 2000
}
field doors: radio {
  label: "Doors"
  options {
    two { label: "2", n: 2, available_when: width <= 2900 }
    three { label: "3", n: 3, available_when: width >= 1800 }
    four { label: "4", n: 4, available_when: width >= 2400 }
  }
  default: "two"
}
field panel: dropdown {
  label: "Panel"
  options {
    white { label: "White", price_m: 40 }
    mirror { label: "Mirror", price_m: 90, available_when: doors != "four" }
  }
  default: "mirror"
}
price {
  line panels: "Panels" = round(width / 1000 * panel.price_m, 2)
  line track: "Track" = 39 + doors.n * 20
}
`;

/**
 * `n` styles, each 1 € cheaper than the one before, the default excluded by a premium finish; each price is an
 * evaluation of about 4,000 units (twenty lets of a hundred terms), so that comparing them all would pass the bound.
 */
/** A choice of n styles, each cheaper than the one before, the first `excluded` of them not made with the premium finish. */
function styles(n: number, excluded: number): string {
  const options = Array.from({ length: n }, (_, k) => `    o${k} { label: "Style ${k}", price: ${1000 - k} }`).join('\n');
  return `product "Styles" {
  language: en
  currency: EUR
}
field style: dropdown {
  label: "Style"
  options {
${options}
  }
}
field premium: checkbox {
  label: "Premium finish"
}
constraint finish {
  require: not premium or style not in [${Array.from({ length: excluded }, (_, k) => `"o${k}"`).join(', ')}]
  message: "These styles have no premium finish"
}
price {
  line style: "Style" = style.price
}
`;
}
