/// <reference types="vite/client" />
// A value the buyer has yet to give does not stop soft defaults (issue 44 item 2, src/lang/configure/soft-defaults/
// index.ts): a required date, text or number without default missing leaves the fields it does not constrain to be
// decided, and the adjusted configuration stands, asking for it (REQUIRED). An option of a field the configuration
// shown hides is unavailable with its field as the reason (reasons.ts, inactiveReason), never with none.
import { describe, expect, it } from 'vitest';
import signage from '../../examples/signage.cpq?raw';
import type { Configuration } from '../../src/lang/configure/answer-types';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';

function model(source: string) {
  const { ir, diagnostics } = analyze(source, { tests: false });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const m = instantiate(ir as ProductIR);
  return {
    calculate: (configuration: Record<string, unknown>) => m.calculate({ configuration, quantity: 1 }),
    configure: (configuration: Record<string, unknown>) => m.configure({ configuration, quantity: 1 }),
  };
}

const field = (r: Configuration, id: string) => r.fields.find((f) => f.id === id)!;

/** A bike whose seat needs the cargo frame and motor, with a name to type, a rider weight without default, a date. */
const BIKE = `product "Bike" {
  language: en
  currency: EUR
}
field frame: dropdown { label: "Frame", options { city { label: "City", price: 900 }, cargo { label: "Cargo", price: 1500 } } }
field motor: dropdown { label: "Motor", options { hub { label: "Hub", price: 300 }, cargo { label: "Cargo", price: 600 } } }
field seat: checkbox { label: "Child seat" }
field name: text { label: "Name", required: true }
field weight: number { label: "Rider weight", required: true, min: 40, max: 150, step: 1 }
field delivery: date { label: "Delivery", required: true }
constraint seat_frame { require: not seat or frame == "cargo", message: "A child seat needs the cargo frame" }
constraint drive { table: [frame, motor], allow: [["city", "hub"], ["cargo", "cargo"]], message: "No" }
price {
  line frame: "Frame" = frame.price
  line motor: "Motor" = motor.price
}
`;

describe('a required value not given yet', () => {
  it('halo letters with installation get aluminium while the date is missing; the date is asked for', () => {
    const s = model(signage);
    const sent = { illumination: 'halo', installation: true };
    const ev = s.calculate(sent);
    expect(ev.errors.map((e) => [e.code, e.field])).toEqual([['REQUIRED', 'installation_date']]);
    expect(ev.adjusted).toEqual([{ field: 'material', value: 'aluminium', replaced: 'acrylic' }]);
    const r = s.configure(sent);
    expect(r.evaluation).toEqual(ev);
    expect(r.complete).toBe(true);
    expect(field(r, 'material')).toMatchObject({ value: 'aluminium', source: 'adjusted', replaced_default: 'acrylic' });
    expect(field(r, 'installation_date')).toMatchObject({ visible: true, required: true });
    expect(s.calculate({ ...sent, installation_date: '2026-06-01' }).price).not.toBeNull();
  });

  it('a text, a number without default and a date missing: the seat still gets the cargo frame and motor', () => {
    const b = model(BIKE);
    const ev = b.calculate({ seat: true });
    expect(ev.errors.map((e) => [e.code, e.field])).toEqual([
      ['REQUIRED', 'name'],
      ['REQUIRED', 'weight'],
      ['REQUIRED', 'delivery'],
    ]);
    expect(ev.adjusted.map((x) => [x.field, x.value])).toEqual([
      ['frame', 'cargo'],
      ['motor', 'cargo'],
    ]);
    const priced = b.calculate({ seat: true, name: 'Ada', weight: 70, delivery: '2026-06-01' });
    expect(priced.price?.total).toBe(2100);
    expect(priced.adjusted.map((x) => x.field)).toEqual(['frame', 'motor']);
  });
});

describe('options of a field hidden as shown', () => {
  it('the colour hidden by the aluminium halo letters need: every option unavailable, its field the reason', () => {
    const s = model(signage);
    for (const sent of [{ illumination: 'halo' }, { illumination: 'halo', installation: true }]) {
      const r = s.configure(sent);
      const colour = field(r, 'face_colour');
      expect(colour.visible).toBe(false);
      expect(colour.options!.map((o) => [o.id, o.available, o.reasons.map((x) => [x.rule, x.message, x.because])])).toEqual(
        ['white', 'red', 'blue', 'gold'].map((id) => [
          id,
          false,
          [['face_colour', 'Colour is not offered with these choices', { material: 'aluminium' }]],
        ]),
      );
    }
  });

  it('in the request language', () => {
    const { ir } = analyze(signage, { tests: false });
    const r = instantiate(ir as ProductIR).configure({ configuration: { illumination: 'halo' }, quantity: 1, lang: 'de' });
    expect(field(r, 'face_colour').options![0]!.reasons[0]!.message).toBe('Farbe wird bei dieser Auswahl nicht angeboten');
  });
});
