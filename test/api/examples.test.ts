import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { CalculationResult } from '../../src/routes/v1/calculate';
import type { ProductForm } from '../../src/routes/v1/form';
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
