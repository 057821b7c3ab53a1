// A product whose compatibility tables list options in cells (issue 25), through the API as a store uses it: saved,
// configured, priced, and its form's `rows` carrying the lists as written.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ConfigureResult } from '../../src/api/configure';
import car from '../fixtures/logic/table-lists.cpq?raw';
import { call, jsonInit, saveProduct, tenant } from '../helpers';

type Result = z.infer<typeof ConfigureResult>;

const available = (r: Result, id: string) =>
  r.fields
    .find((f) => f.id === id)!
    .options!.filter((o) => o.available)
    .map((o) => o.id);

describe('a product with option lists in its tables', () => {
  it('saves, configures by its lists, prices and serves the lists in its form', async () => {
    const t = await tenant();
    const saved = await saveProduct(t.storeId, 'car', car);
    expect(saved.status, await saved.clone().text()).toBe(201);
    const post = (path: string, configuration: Record<string, unknown>) =>
      call(path, jsonInit('POST', { tenant_id: t.storeId, product_id: 'car', configuration }, t.headers));

    const res = await post('/api/v1/configure', { fuel: 'diesel', trim: 'sport' });
    expect(res.status, await res.clone().text()).toBe(200);
    const r = await res.json<Result>();
    expect(r.complete).toBe(true);
    // engine_fuel: diesel allows ["d16", "d20"]; sport_paint excludes white and green with sport.
    expect(available(r, 'engine')).toEqual(['d16', 'd20']);
    expect(available(r, 'paint')).toEqual(['black', 'red', 'blue']);
    // gearbox_engine: d20 comes only with the automatic, d16 with either.
    const d20 = await (await post('/api/v1/configure', { fuel: 'diesel', engine: 'd20' })).json<Result>();
    expect(available(d20, 'gearbox')).toEqual(['automatic']);

    const refused = await post('/api/v1/calculate', { fuel: 'petrol', engine: 'd16', gearbox: 'manual' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('engine_fuel');
    const priced = await post('/api/v1/calculate', {
      fuel: 'diesel',
      engine: 'd16',
      gearbox: 'manual',
      trim: 'base',
      paint: 'blue',
    });
    expect(priced.status, await priced.clone().text()).toBe(200);

    const form = await call(`/api/v1/products/car/form?tenant_id=${t.storeId}`, { headers: t.headers });
    expect(form.status).toBe(200);
    expect(JSON.stringify(await form.json())).toContain('["petrol",["p10","p15","p20"]]');
  });

  it('refuses a list naming an unknown option, with the diagnostic at the option', async () => {
    const t = await tenant();
    const res = await saveProduct(t.storeId, 'car', car.replace('["d16", "d20"]', '["d16", "d99"]'));
    expect(res.status).toBe(422);
    const body = await res.json<{ errors: { code: string; line: number; column: number }[] }>();
    const line = car.split('\n').findIndex((l) => l.includes('["d16", "d20"]')) + 1;
    const column = car.split('\n')[line - 1]!.indexOf('"d20"') + 1;
    expect(body.errors).toContainEqual(expect.objectContaining({ code: 'E_UNKNOWN_OPTION', line, column }));
  });
});
