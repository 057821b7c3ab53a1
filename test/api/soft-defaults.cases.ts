/// <reference types="vite/client" />
// Issue 23, item 2: every value /v1/configure offers prices, evaluation errors included, and defaults are soft: a
// default the buyer's choices exclude is adjusted to the value that completes nearest to it (for a choice field the
// cheapest: issue 33), by configure and calculate alike, and the buyer's choice is never blamed for it. Products:
// test/fixtures/promise/.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import signage from '../../examples/signage.cpq?raw';
import type { CalculationResult } from '../../src/api/calculate';
import type { ConfigureResult } from '../../src/api/configure';
import eBike from '../fixtures/promise/e-bike.cpq?raw';
import wardrobe from '../fixtures/promise/wardrobe.cpq?raw';
import { configurable } from '../helpers';

type Configured = z.infer<typeof ConfigureResult>;
type Calculated = z.infer<typeof CalculationResult>;

const field = (r: Configured, id: string) => r.fields.find((f) => f.id === id)!;

describe('offered values price, evaluation errors included', () => {
  it("offers a rider height only up to the frame-size table's last band (200), not the field's max (205)", async () => {
    const p = await configurable('e-bike', eBike);
    const r = await p.ask({});
    expect(field(r, 'rider_height')).toMatchObject({ min: 150, max: 200 });
    expect((await p.calculate({ rider_height: 200, frame: 'mtb', motor: 'mid' })).status).toBe(200);
    const past = await p.calculate({ rider_height: 201 });
    expect(past.status).toBe(422);
    expect((await past.json<{ errors: { code: string }[] }>()).errors[0]!.code).toBe('R_TABLE_RANGE');
  });

  it('a battery whose range figure divides by zero with the cargo rack is unavailable, with the fault as reason', async () => {
    const p = await configurable('e-bike', eBike);
    const r = await p.ask({ cargo: true });
    const small = field(r, 'battery').options!.find((o) => o.id === 'b400')!;
    expect(small.available).toBe(false);
    expect(small.reasons).toEqual([
      { rule: 'specs.range_km', message: 'Division by zero', line: expect.any(Number), column: expect.any(Number), because: {} },
    ]);
  });
});

describe('soft defaults', () => {
  it('four doors, offered, price: the default width 2000 is adjusted to 2400 and the mirror panel to white', async () => {
    const p = await configurable('wardrobe', wardrobe);
    expect(field(await p.ask({}), 'doors').options!.find((o) => o.id === 'four')!.available).toBe(true);
    const r = await p.ask({ doors: 'four' });
    expect(r.errors).toEqual([]);
    expect(r.calculation).not.toBeNull();
    expect(field(r, 'width')).toMatchObject({ value: 2400, source: 'adjusted', replaced_default: 2000 });
    expect(field(r, 'panel')).toMatchObject({ value: 'white', source: 'adjusted', replaced_default: 'mirror' });
    expect(field(r, 'doors')).toMatchObject({ value: 'four', source: 'sent' });
    const res = await p.calculate({ doors: 'four' });
    expect(res.status).toBe(200);
    const body = await res.json<Calculated>();
    expect(body.configuration).toEqual({ doors: 'four' });
    expect(body.adjusted).toEqual([
      { field: 'width', value: 2400, replaced_default: 2000 },
      { field: 'panel', value: 'white', replaced_default: 'mirror' },
    ]);
    // Calculate agrees with configure.
    expect(body.result).toEqual(r.calculation);
  });

  it('a default consistent with the choices stays; a choice of the buyer that conflicts with another is refused', async () => {
    const p = await configurable('wardrobe', wardrobe);
    const wide = await p.calculate({ width: 3000 });
    expect(wide.status).toBe(200);
    // Two doors (the default) cannot span 3000 mm. Of the options that complete, four doors cost least: with white
    // panels (the mirror does not go with four), 239 €, where three doors keep the mirror default at 369 €.
    const widened = await wide.json<Calculated>();
    expect(widened.adjusted).toEqual([
      { field: 'doors', value: 'four', replaced_default: 'two' },
      { field: 'panel', value: 'white', replaced_default: 'mirror' },
    ]);
    expect(widened.result.totals.price).toBe(239);
    const plain = await p.calculate({ width: 2000 });
    expect(plain.status).toBe(200);
    expect((await plain.json<Calculated>()).adjusted).toBeUndefined();
    expect((await p.calculate({ doors: 'four', width: 2000 })).status).toBe(422);
    const r = await p.ask({ doors: 'four', width: 2000 });
    expect(field(r, 'panel').source).toBe('default');
  });

  it('the e-bike with a cargo rack prices with the 625 Wh battery in place of the 400 Wh default', async () => {
    const p = await configurable('e-bike', eBike);
    const r = await p.ask({ cargo: true });
    expect(field(r, 'battery')).toMatchObject({ value: 'b625', source: 'adjusted', replaced_default: 'b400' });
    const res = await p.calculate({ cargo: true });
    expect(res.status).toBe(200);
    expect((await res.json<Calculated>()).adjusted).toEqual([{ field: 'battery', value: 'b625', replaced_default: 'b400' }]);
  });
});

describe('a required value the buyer has yet to give (issue 44)', () => {
  const halo = { illumination: 'halo', installation: true };

  it('does not freeze the adjustment: halo letters get aluminium while the installation date is still missing', async () => {
    const p = await configurable('signage', signage);
    const r = await p.ask(halo);
    expect(r.errors.map((e) => [e.code, e.field])).toEqual([['REQUIRED', 'installation_date']]);
    expect(field(r, 'material')).toMatchObject({ value: 'aluminium', source: 'adjusted', replaced_default: 'acrylic' });
    expect(field(r, 'installation_date')).toMatchObject({ visible: true, required: true });
    // The colour is hidden with aluminium: none of its options is offered, and each says why.
    const colour = field(r, 'face_colour');
    expect(colour.visible).toBe(false);
    for (const o of colour.options!) {
      expect(o).toMatchObject({
        available: false,
        reasons: [
          { rule: 'face_colour', message: 'Colour is not offered with these choices', because: { material: 'aluminium' } },
        ],
      });
    }
    // Calculate asks for the date only, and prices the adjusted letters once it is given.
    const asked = await p.calculate(halo);
    expect(asked.status).toBe(422);
    const body = await asked.json<{ errors: { code: string; field?: string }[]; adjusted?: unknown }>();
    expect(body.errors.map((e) => [e.code, e.field])).toEqual([['REQUIRED', 'installation_date']]);
    // Those are the adjusted letters' errors (no halo_needs_metal), so the 422 names the adjustment too.
    expect(body.adjusted).toEqual([{ field: 'material', value: 'aluminium', replaced_default: 'acrylic' }]);
    const dated = await p.calculate({ ...halo, installation_date: '2026-06-01' });
    expect(dated.status).toBe(200);
    expect((await dated.json<Calculated>()).adjusted).toEqual([
      { field: 'material', value: 'aluminium', replaced_default: 'acrylic' },
    ]);
  });
});
