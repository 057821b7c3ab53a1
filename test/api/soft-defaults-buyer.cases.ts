/// <reference types="vite/client" />
// Issue 33, item 3, over HTTP: soft defaults never override the buyer. /v1/calculate and /v1/configure refuse two
// sinks sent on a run of three (422 one_sink) rather than hide the third cabinet, adjust a choice field to the
// option whose completion costs least, ask for a field marked `adjust: ask` (REQUIRED), find reasons on the values
// shown and name the buyer's values first in `because`. Products: test/fixtures/promise/.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { CalculationResult } from '../../src/api/calculate';
import type { ConfigureResult } from '../../src/api/configure';
import bike from '../fixtures/promise/child-seat-bike.cpq?raw';
import kitchen from '../fixtures/promise/kitchen-run.cpq?raw';
import { configurable, saveProduct, tenant } from '../helpers';

type Configured = z.infer<typeof ConfigureResult>;
type Calculated = z.infer<typeof CalculationResult>;
interface Refused {
  code: string;
  errors: { code: string; field?: string; rule?: string; message: string; because: Record<string, unknown> }[];
}

const field = (r: Configured, id: string) => r.fields.find((f) => f.id === id)!;

describe('soft defaults never override the buyer', () => {
  it('two sinks sent on a run of three: 422 one_sink, the sinks sent named before the default', async () => {
    const p = await configurable('kitchen-run', kitchen);
    const sent = { type_1: 'sink80', type_3: 'sink80' };
    const res = await p.calculate(sent);
    expect(res.status).toBe(422);
    const body = await res.json<Refused>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((e) => [e.code, e.rule])).toEqual([['CONSTRAINT', 'one_sink']]);
    expect(Object.keys(body.errors[0]!.because)).toEqual(['type_1', 'type_3', 'type_2']);
    const r = await p.ask(sent);
    expect(r.calculation).toBeNull();
    expect(r.errors.map((e) => e.rule)).toEqual(['one_sink']);
    expect(field(r, 'cabinet_count')).toMatchObject({ value: 3, source: 'default', min: 1, max: 2 });
    expect(field(r, 'type_3')).toMatchObject({ visible: true, source: 'sent' });
    // Two cabinets, chosen by the buyer, drop the third one's sink and price.
    expect((await p.calculate({ ...sent, cabinet_count: 2 })).status).toBe(200);
  });

  it('every value offered on the way to two sinks prices: the second sink is never offered while the first is set', async () => {
    const p = await configurable('kitchen-run', kitchen);
    // Along one walk (a sink wherever one is offered, else the first value offered), every value offered at each
    // step is sent to calculate: each answers 200, none a 422 the offer did not foresee.
    let state: Record<string, unknown> = {};
    for (const id of ['type_1', 'type_3', 'type_2', 'cabinet_count']) {
      const r = await p.ask(state);
      const offers = r.fields
        .filter((f) => !(f.id in state) && f.visible && f.enabled)
        .flatMap((f): [string, unknown][] => [
          ...(f.options ?? []).filter((o) => o.available).map((o): [string, unknown] => [f.id, o.id]),
          ...(typeof f.min === 'number' ? [[f.id, f.min] as [string, unknown], [f.id, f.max] as [string, unknown]] : []),
        ]);
      for (const [offered, value] of offers) {
        const res = await p.calculate({ ...state, [offered]: value });
        expect([offered, value, res.status]).toEqual([offered, value, 200]);
      }
      const own = offers.filter(([f]) => f === id);
      const chosen = own.find(([, v]) => v === 'sink80') ?? own[0]!;
      state = { ...state, [id]: chosen[1] };
    }
    // The walk took one sink, the first cabinet's: the third and second stayed base cabinets.
    expect(state).toMatchObject({ type_1: 'sink80', type_2: 'base', type_3: 'base' });
  });

  it('a child seat: the trekking bike at 1,890 €, not the cargo bike at 3,788 €', async () => {
    const p = await configurable('bike', bike);
    const res = await p.calculate({ child_seat: true });
    expect(res.status).toBe(200);
    const body = await res.json<Calculated>();
    expect(body.adjusted).toEqual([{ field: 'bike_type', value: 'trekking', replaced_default: 'city' }]);
    expect(body.result.totals.price).toBe(1890 + 90);
    const xs = await (await p.calculate({ child_seat: true, frame: 'xs' })).json<Calculated>();
    expect(xs.adjusted).toEqual([{ field: 'bike_type', value: 'cargo', replaced_default: 'city' }]);
    const r = await p.ask({ child_seat: true });
    expect(field(r, 'bike_type')).toMatchObject({ value: 'trekking', source: 'adjusted', replaced_default: 'city' });
    expect(r.calculation).toEqual(body.result);
  });

  it('reasons and because on the values shown: panniers need the city bike, the trekking bike is shown', async () => {
    const p = await configurable('bike', bike);
    const r = await p.ask({ child_seat: true });
    const pannier = field(r, 'carrier').options!.find((o) => o.id === 'pannier')!;
    expect(pannier.available).toBe(false);
    expect(pannier.reasons.map((x) => [x.rule, x.because])).toEqual([['pannier_fit', { bike_type: 'trekking' }]]);
    expect(r.warnings.map((w) => [w.rule, Object.keys(w.because)])).toEqual([['seat_delivery', ['child_seat', 'bike_type']]]);
  });

  it('adjust: ask: calculate answers 422 REQUIRED naming the field, configure marks it required', async () => {
    const p = await configurable('asked-bike', bike.replace('  default: "city"\n', '  default: "city"\n  adjust: ask\n'));
    const res = await p.calculate({ child_seat: true });
    expect(res.status).toBe(422);
    const body = await res.json<Refused>();
    expect(body.errors).toEqual([
      expect.objectContaining({
        code: 'REQUIRED',
        field: 'bike_type',
        rule: 'bike_type',
        message: 'Bike is required: its default does not go with the other choices',
        because: {},
      }),
    ]);
    const r = await p.ask({ child_seat: true });
    expect(field(r, 'bike_type')).toMatchObject({ value: 'city', source: 'default', required: true });
    expect(
      field(r, 'bike_type')
        .options!.filter((o) => o.available)
        .map((o) => o.id),
    ).toEqual(['cargo', 'trekking', 'touring']);
    expect(r.errors.map((e) => [e.code, e.field])).toEqual([['REQUIRED', 'bike_type']]);
    expect(r.calculation).toBeNull();
    expect((await p.calculate({ child_seat: true, bike_type: 'touring' })).status).toBe(200);
  });

  it('a schema whose adjust names no mode is refused at save, with the modes it may name', async () => {
    const t = await tenant();
    const res = await saveProduct(
      t.storeId,
      'bad-bike',
      bike.replace('  default: "city"\n', '  default: "city"\n  adjust: never\n'),
    );
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('\\"adjust\\" must be one of auto, ask; found \\"never\\"');
  });
});
