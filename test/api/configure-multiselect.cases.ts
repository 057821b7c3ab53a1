// A multi-select through /v1/configure and the form, as a storefront sees them. The product is small enough that
// its availability is worked out by hand below (the comments give the reasoning); the engine must agree exactly.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ConfigureResult } from '../../src/api/configure';
import { call, jsonInit, saveProduct, tenant } from '../helpers';

type Result = z.infer<typeof ConfigureResult>;

const SCHEMA = `product "Sign kit" { currency: EUR }
field frame: radio { label: "Frame", options { wood { label: "Wood" }, steel { label: "Steel" } } }
field extras: multiselect {
  label: "Extras"
  min_selected: 1, max_selected: 2, default: [driver]
  options { led { label: "LED" }, driver { label: "Driver" }, hook { label: "Hook" }, glue { label: "Glue" } }
}
constraint led_needs_driver { require: "led" not in extras or "driver" in extras, message: "An LED needs a driver" }
constraint no_glue_on_steel { require: not ("glue" in extras and frame == "steel"), message: "Glue does not hold on steel" }
constraint hook_alone { require: "hook" not in extras or count(extras) == 1, message: "A hook comes alone" }
price { line base: "Base" = 10 + count(extras) }
`;

async function kit() {
  const t = await tenant();
  expect((await saveProduct(t.storeId, 'kit', SCHEMA)).status).toBe(201);
  const ask = async (configuration: Record<string, unknown>) => {
    const res = await call(
      '/api/v1/configure',
      jsonInit('POST', { tenant_id: t.storeId, product_id: 'kit', configuration }, t.headers),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json<Result>();
  };
  return { ...t, ask };
}

const field = (r: Result, id: string) => r.fields.find((f) => f.id === id)!;
/** Option id → its reasons' rules and because ([] when available). */
const availability = (r: Result, id: string) =>
  Object.fromEntries(field(r, id).options!.map((o) => [o.id, o.available ? 'available' : o.reasons]));
const reason = (rule: string, message: string, line: number, column: number, because: Record<string, unknown>) => ({
  rule,
  message,
  line,
  column,
  because,
});
const noGlue = (because: Record<string, unknown>) => reason('no_glue_on_steel', 'Glue does not hold on steel', 9, 12, because);
const ledNeedsDriver = (because: Record<string, unknown>) => reason('led_needs_driver', 'An LED needs a driver', 8, 12, because);

describe('POST /api/v1/configure with a multi-select', () => {
  it('nothing set: every option can be ticked (led with the driver, hook alone, glue on wood)', async () => {
    const { ask } = await kit();
    const r = await ask({});
    expect(r.complete).toBe(true);
    expect(field(r, 'extras')).toMatchObject({ value: ['driver'], source: 'default', visible: true });
    expect(availability(r, 'extras')).toEqual({ led: 'available', driver: 'available', hook: 'available', glue: 'available' });
    expect(availability(r, 'frame')).toEqual({ wood: 'available', steel: 'available' });
    expect(r.errors).toEqual([]);
    expect(r.calculation?.totals.price).toBe(11);
  });

  it('a steel frame excludes glue whatever else is ticked; because lists the selection tried (the default plus glue)', async () => {
    const { ask } = await kit();
    const r = await ask({ frame: 'steel' });
    expect(availability(r, 'extras')).toEqual({
      led: 'available',
      driver: 'available',
      hook: 'available',
      glue: [noGlue({ extras: ['driver', 'glue'], frame: 'steel' })],
    });
  });

  it('led ticked alone: the driver completes it; hook and glue would need led unticked', async () => {
    const { ask } = await kit();
    const r = await ask({ extras: ['led'] });
    expect(field(r, 'extras')).toMatchObject({ value: ['led'], source: 'sent' });
    // Selections keeping led, at most two: [led], [led, driver], [led, hook], [led, glue]; only [led, driver] holds.
    expect(availability(r, 'extras')).toEqual({
      led: 'available',
      driver: 'available',
      hook: [
        ledNeedsDriver({ extras: ['led', 'hook'] }),
        reason('hook_alone', 'A hook comes alone', 10, 12, { extras: ['led', 'hook'] }),
      ],
      glue: [ledNeedsDriver({ extras: ['led', 'glue'] })],
    });
    expect(availability(r, 'frame')).toEqual({ wood: 'available', steel: 'available' });
    // As sent it does not price yet: calculate's own error, no calculation.
    expect(r.errors.map((e) => [e.code, e.rule, e.because])).toEqual([['CONSTRAINT', 'led_needs_driver', { extras: ['led'] }]]);
    expect(r.calculation).toBeNull();
  });

  it("two ticked is max_selected: the others are out with the field's own message; glue keeps the frame off steel", async () => {
    const { ask } = await kit();
    const r = await ask({ extras: ['driver', 'glue'] });
    const full = reason('extras', 'Extras: choose at most 2', 3, 7, { extras: ['driver', 'glue'] });
    expect(availability(r, 'extras')).toEqual({ led: [full], driver: 'available', hook: [full], glue: 'available' });
    expect(availability(r, 'frame')).toEqual({ wood: 'available', steel: [noGlue({ extras: ['driver', 'glue'] })] });
    expect(r.calculation?.totals.price).toBe(12);
  });

  it('a hidden multi-select holds no option, and what is sent for it is ignored', async () => {
    const t = await tenant();
    const hidden = SCHEMA.replace('label: "Extras"', 'label: "Extras", visible_when: frame == "wood"');
    expect((await saveProduct(t.storeId, 'kit', hidden)).status).toBe(201);
    const res = await call(
      '/api/v1/configure',
      jsonInit(
        'POST',
        { tenant_id: t.storeId, product_id: 'kit', configuration: { frame: 'steel', extras: ['glue'] } },
        t.headers,
      ),
    );
    const r = await res.json<Result>();
    expect(field(r, 'extras')).toMatchObject({ value: [], source: 'ignored', visible: false });
    expect(r.calculation?.totals.price).toBe(10);
  });

  it('a list of 100,000 ticks (700 KB) is refused, and read as its default sent, as evaluation reads it', async () => {
    const { ask } = await kit();
    const asDefault = await ask({ extras: ['driver'] });
    // Glue ticked 100,000 times is not glue ticked: steel stays available, as with the default [driver].
    const r = await ask({ extras: Array(100_000).fill('glue') });
    expect(r.errors.map((e) => e.field)).toContain('extras');
    expect(availability(r, 'frame')).toEqual({ wood: 'available', steel: 'available' });
    expect(availability(r, 'extras')).toEqual(availability(asDefault, 'extras'));
    expect(r.complete).toBe(true);
  });
});

describe('the form of a multi-select', () => {
  it('lists its options without available_when (left to /v1/configure), its bounds and its default list', async () => {
    const { storeId, headers } = await kit();
    const res = await call(`/api/v1/products/kit/form?tenant_id=${storeId}`, { headers });
    expect(res.status).toBe(200);
    const form = await res.json<{ groups: { fields: Record<string, unknown>[] }[]; logic_values: Record<string, unknown> }>();
    const fields = form.groups.flatMap((g) => g.fields);
    expect(fields.find((f) => f.id === 'extras')).toEqual({
      id: 'extras',
      type: 'multiselect',
      label: 'Extras',
      required: false,
      options: [
        { id: 'led', label: 'LED' },
        { id: 'driver', label: 'Driver' },
        { id: 'hook', label: 'Hook' },
        { id: 'glue', label: 'Glue' },
      ],
      validation: { min_selected: 1, max_selected: 2 },
      default: ['driver'],
    });
    // The frame's options are decided from the sent extras, as JSON Logic.
    const frame = fields.find((f) => f.id === 'frame') as { options: { available_when?: unknown }[] };
    expect(frame.options.every((o) => o.available_when !== undefined)).toBe(true);
  });
});
