// POST /api/v1/configure as a storefront sees it: availability and reasons, the 422 calculate answers for the
// same choices, and auth (the no-dead-end promise is walked in test/api/configure-walks.cases.ts).
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ConfigureResult } from '../../src/api/configure';
import { call, createKey, createStore, jsonInit, saveProduct, tenant } from '../helpers';

type Result = z.infer<typeof ConfigureResult>;

const examples = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const byId = Object.entries(examples).map(([path, source]) => [path.slice(path.lastIndexOf('/') + 1, -4), source] as const);
const source = (id: string) => byId.find(([name]) => name === id)![1];

async function configure(headers: Record<string, string>, body: Record<string, unknown>) {
  return call('/api/v1/configure', jsonInit('POST', body, headers));
}

async function product(id: string) {
  const t = await tenant();
  expect((await saveProduct(t.storeId, id, source(id))).status).toBe(201);
  const ask = async (configuration: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await configure(t.headers, { tenant_id: t.storeId, product_id: id, configuration, ...extra });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json<Result>();
  };
  return { ...t, ask };
}

const field = (r: Result, id: string) => r.fields.find((f) => f.id === id)!;
const option = (r: Result, f: string, o: string) => field(r, f).options!.find((x) => x.id === o)!;

describe('POST /api/v1/configure', () => {
  it('reports each option available or not, with the constraint, its position and because', async () => {
    const { ask } = await product('sliding-wardrobe');
    const r = await ask({ height: 2700 });
    expect(r.complete).toBe(true);
    expect(option(r, 'panel', 'mirror')).toEqual({
      id: 'mirror',
      available: false,
      reasons: [
        {
          rule: 'no_tall_mirror',
          message: 'Mirror panels are made up to 2,600 mm high (2700 mm asked)',
          line: 66,
          column: 12,
          because: { height: 2700 },
        },
      ],
    });
    expect(option(r, 'panel', 'glass')).toEqual({ id: 'glass', available: true, reasons: [] });
    expect(field(r, 'height')).toMatchObject({ value: 2700, source: 'sent', visible: true, enabled: true, min: 1800, max: 3000 });
    expect(field(r, 'width')).toMatchObject({ value: 2000, source: 'default' });
    expect(r.errors).toEqual([]);
    expect(r.calculation?.totals.price).toBeGreaterThan(0);
  });

  it('narrows a number once a choice limits it, in the requested language', async () => {
    const { ask } = await product('sliding-wardrobe');
    const r = await ask({ panel: 'mirror' }, { lang: 'de' });
    expect(r.language).toBe('de');
    expect(field(r, 'height')).toMatchObject({ min: 1800, max: 2600 });
    expect(option(r, 'frame', 'oak_veneer').reasons).toEqual([
      {
        rule: 'frame_fits_panel',
        message: 'Dieser Rahmen nimmt diese Füllung nicht auf',
        line: 75,
        column: 12,
        because: { panel: 'mirror' },
      },
    ]);
  });

  it('gives calculate its result exactly, and null with the errors when the configuration does not price', async () => {
    const { ask, storeId, headers } = await product('sliding-wardrobe');
    const configuration = { width: 3000, door_count: 'three', panel: 'glass' };
    const r = await ask(configuration, { quantity: 2 });
    const calc = await call(
      '/api/v1/calculate',
      jsonInit('POST', { tenant_id: storeId, product_id: 'sliding-wardrobe', configuration, quantity: 2 }, headers),
    );
    expect(calc.status).toBe(200);
    expect(r.calculation).toEqual((await calc.json<{ result: unknown }>()).result);

    const bad = await ask({ panel: 'mirror', height: 2700 });
    expect(bad.calculation).toBeNull();
    expect(bad.errors).toEqual([
      {
        code: 'CONSTRAINT',
        rule: 'no_tall_mirror',
        message: 'Mirror panels are made up to 2,600 mm high (2700 mm asked)',
        line: 66,
        column: 12,
        because: { panel: 'mirror', height: 2700 },
      },
    ]);
  });

  it('says where sent values are ignored and which values are derived', async () => {
    const { ask } = await product('interior-door');
    const r = await ask({ postcode: '12345', glass_cutout: true, glass_type: 'klar' });
    // postcode is shown only with installation: sent but ignored.
    expect(field(r, 'postcode')).toMatchObject({ source: 'ignored', visible: false });
    expect(field(r, 'glass_type')).toMatchObject({ source: 'sent', value: 'klar', visible: true });
    expect(field(r, 'lock')).toMatchObject({ source: 'default' });
    expect(r.groups.find((g) => g.id === 'glazing')).toEqual({ id: 'glazing', visible: true, enabled: true });
    expect(option(r, 'door_width', 'w610')).toMatchObject({ available: false, reasons: [{ rule: 'cutout_narrow' }] });
    expect(field(r, 'glass_cutout').options).toEqual([
      { id: 'false', available: true, reasons: [] },
      { id: 'true', available: true, reasons: [] },
    ]);
  });

  it('tells a refused value from a used one: source refused, with the error, and the default as value', async () => {
    const { ask } = await product('sliding-wardrobe');
    const r = await ask({ width: 2005, height: 2700 });
    expect(field(r, 'width')).toMatchObject({
      value: 2000,
      source: 'refused',
      error: { code: 'OFF_STEP', message: 'Width must go in steps of 10 mm from 1200 mm' },
    });
    expect(field(r, 'height')).toMatchObject({ value: 2700, source: 'sent' });
    expect(field(r, 'height')).not.toHaveProperty('error');
    expect(r.errors.map((e) => e.code)).toEqual(['OFF_STEP']);
  });

  it('answers complete for a product of thirteen interacting choice fields', async () => {
    const { ask } = await product('office-desk');
    const r = await ask({ top_material: 'walnut', frame: 'electric_single' });
    expect(r.complete).toBe(true);
    expect(r.fields.filter((f) => f.options).length).toBeGreaterThanOrEqual(12);
    expect(option(r, 'top_width', 'w180').available).toBe(false);
    expect(option(r, 'castors', 'none').available).toBe(true);
  });

  it('needs the calculate permission and the tenant of the key, like calculate', async () => {
    const storeId = await createStore();
    expect((await saveProduct(storeId, 'w', source('sliding-wardrobe'))).status).toBe(201);
    const body = { tenant_id: storeId, product_id: 'w', configuration: {} };
    expect((await configure({}, body)).status).toBe(401);
    const formOnly = await createKey(storeId, ['form:read']);
    expect((await configure({ 'X-API-Key': formOnly.key }, body)).status).toBe(403);
    const other = await tenant();
    expect((await configure(other.headers, body)).status).toBe(403);
    const ok = await createKey(storeId, ['calculate']);
    expect((await configure({ 'X-API-Key': ok.key }, body)).status).toBe(200);
    expect((await configure({ 'X-API-Key': ok.key }, { ...body, product_id: 'nope' })).status).toBe(404);
    const res = await configure({ 'X-API-Key': ok.key }, { ...body, output_groups: ['*'] });
    expect(res.status).toBe(400);
  });
});

describe('/v1/calculate refuses what the constraints exclude', () => {
  it('422 for an unavailable option, naming its available_when', async () => {
    const { storeId, headers } = await product('interior-door');
    const res = await call(
      '/api/v1/calculate',
      jsonInit(
        'POST',
        {
          tenant_id: storeId,
          product_id: 'interior-door',
          configuration: { door_height: 'h2110', glass_cutout: true, glass_type: 'ornament' },
          lang: 'en',
        },
        headers,
      ),
    );
    expect(res.status).toBe(422);
    const body = await res.json<{ code: string; errors: unknown[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual([
      {
        code: 'CONSTRAINT',
        field: 'glass_type',
        rule: 'glass_type.ornament',
        message: 'Glass: "Patterned glass" is not available with the other choices',
        line: 87,
        column: 5,
        because: { glass_type: 'ornament', door_height: 'h2110' },
      },
    ]);
  });
});
