import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { CalculationResult } from '../../src/api/calculate';
import type { ProductForm } from '../../src/api/form';
import { call, jsonInit, saveProduct, tenant } from '../helpers';

const examples = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const byId = Object.entries(examples).map(
  ([path, source]) =>
    [
      path
        .split('/')
        .pop()!
        .replace(/\.cpq$/, ''),
      source,
    ] as const,
);

type Form = z.infer<typeof ProductForm>;

describe('every example product', () => {
  it('exists: at least five', () => expect(byId.length).toBeGreaterThanOrEqual(5));

  it.each(byId)('%s saves, serves its form in each language, and prices the defaults it advertises', async (id, source) => {
    const { storeId, headers } = await tenant();
    const saved = await saveProduct(storeId, id, source);
    expect(saved.status, await saved.clone().text()).toBe(201);

    const res = await call(`/api/v1/products/${id}/form?tenant_id=${storeId}`, { headers });
    expect(res.status).toBe(200);
    const form = await res.json<Form>();
    for (const lang of form.languages) {
      expect(
        (await call(`/api/v1/products/${id}/form?tenant_id=${storeId}&lang=${lang}`, { headers })).headers.get(
          'Content-Language',
        ),
      ).toBe(lang);
    }

    const configuration: Record<string, unknown> = {};
    for (const field of form.groups.flatMap((g) => g.fields)) {
      if ('default' in field && field.default !== undefined) configuration[field.id] = field.default;
    }
    const calc = await call(
      '/api/v1/calculate',
      jsonInit(
        'POST',
        { tenant_id: storeId, product_id: id, configuration, quantity: form.quantity.default, output_groups: ['*'] },
        headers,
      ),
    );
    const body = await calc.json<z.infer<typeof CalculationResult>>();
    expect(calc.status, JSON.stringify(body)).toBe(200);
    expect(body.result.totals.price).toBeGreaterThan(0);
  });
});

describe('output labels, units and texts', () => {
  const signage = byId.find(([id]) => id === 'signage')![1];

  it('the form describes the public groups; a calculation describes the groups it returns, beside groups', async () => {
    const { storeId, headers } = await tenant();
    expect((await saveProduct(storeId, 'signage', signage)).status).toBe(201);
    const form = await (await call(`/api/v1/products/signage/form?tenant_id=${storeId}&lang=en`, { headers })).json<Form>();
    expect(form.output_info).toEqual({
      dimensions: {
        label: 'Dimensions',
        unit: 'mm',
        internal: false,
        items: {
          sign_length_mm: { label: 'Sign length', unit: 'mm', type: 'number' },
          letter_height_mm: { label: 'Letter height', unit: 'mm', type: 'number' },
        },
      },
    });
    const calc = await call(
      '/api/v1/calculate',
      jsonInit(
        'POST',
        { tenant_id: storeId, product_id: 'signage', configuration: {}, lang: 'fr', output_groups: ['*'] },
        headers,
      ),
    );
    expect(calc.status).toBe(200);
    const { result } = await calc.json<z.infer<typeof CalculationResult>>();
    // Defaults (test/golden/signage.json, "defaults"): 4 acrylic letters of 200 mm on studs.
    expect(result.groups).toEqual({
      dimensions: { sign_length_mm: 600, letter_height_mm: 200 },
      production: { sheet_m2: 0.128, studs: 12 },
    });
    expect(result.texts).toEqual({ production: { cutting: 'laser' } });
    expect(result.output_info.production).toEqual({
      label: 'Production',
      internal: true,
      items: {
        sheet_m2: { label: 'Tôle de façade', unit: 'm²', type: 'number' },
        led_modules: { label: 'Modules LED', unit: 'pcs', type: 'number' },
        psu_w: { label: 'Alimentation', unit: 'W', type: 'number' },
        studs: { label: 'Entretoises', unit: 'pcs', type: 'number' },
        rail_m: { label: 'Rail de montage', unit: 'm', type: 'number' },
        cutting: { label: 'Découpe', type: 'text' },
        controls: { label: 'Commandes LED', unit: 'pcs', type: 'number' },
      },
    });
    expect(Object.keys(result.output_info)).toEqual(['dimensions', 'production']);
  });

  it('a per-order charge is billed once: the worktop templating on two tops', async () => {
    const { storeId, headers } = await tenant();
    const worktop = byId.find(([id]) => id === 'kitchen-worktop')![1];
    expect((await saveProduct(storeId, 'worktop', worktop)).status).toBe(201);
    const configuration = { material: 'oak', length: 3000, depth: 'd650', templating: true };
    const calc = await call(
      '/api/v1/calculate',
      jsonInit('POST', { tenant_id: storeId, product_id: 'worktop', configuration, quantity: 2 }, headers),
    );
    const { result } = await calc.json<z.infer<typeof CalculationResult>>();
    // top 1.95 m² × 260 = 507.00, edging 3.00 m × 18 = 54.00 (front only): 561.00 a top; templating 150 once
    expect(result.totals).toMatchObject({ unit_price: 561, charges: 150, subtotal: 1272, discount: 0, price: 1272 });
    expect(result.lines.find((l) => l.id === 'templating')).toMatchObject({ per: 'order', amount: 150 });
  });
});
