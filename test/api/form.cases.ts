import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ProductForm } from '../../src/api/form';
import { IR_VERSION } from '../../src/lang/ir';
import { SHELF } from '../fixtures/shelf';
import { call, saveProduct, tenant } from '../helpers';

type Form = z.infer<typeof ProductForm>;
type Field = Form['groups'][number]['fields'][number];

/** The field with that id, narrowed to its type (the form's field union is discriminated by `type`). */
function fieldOf<T extends Field['type']>(form: Form, id: string, type: T): Extract<Field, { type: T }> {
  const field = form.groups.flatMap((g) => g.fields).find((f) => f.id === id);
  expect(field?.type).toBe(type);
  return field as Extract<Field, { type: T }>;
}

async function shelfTenant() {
  const t = await tenant();
  await saveProduct(t.storeId, 'shelf', SHELF);
  const form = (query = '', headers: Record<string, string> = {}) =>
    call(`/api/v1/products/shelf/form?tenant_id=${t.storeId}${query}`, { headers: { ...t.headers, ...headers } });
  return { ...t, form };
}

describe('GET /api/v1/products/{id}/form', () => {
  it('serves the spec shape: ordered groups, fields with validation and unit, quantity bounds', async () => {
    const { form } = await shelfTenant();
    const res = await form();
    expect(res.status).toBe(200);
    const body = await res.json<Form>();
    expect(body).toMatchObject({
      product_id: 'shelf',
      version: 1,
      layout: 'sections',
      language: 'en',
      currency: 'EUR',
      quantity: { min: 1, max: 20, step: 1 },
    });
    expect(body.groups.map((g) => [g.id, g.label])).toEqual([
      ['size', 'Size'],
      ['finish', 'Finish'],
    ]);
    expect(body.groups[0]!.fields[0]).toMatchObject({
      id: 'width',
      type: 'number',
      label: 'Width',
      unit: 'mm',
      validation: { min: 400, max: 1200, step: 100 },
      default: 800,
    });
    const wood = fieldOf(body, 'wood', 'dropdown');
    expect(body.groups[1]!.fields[0]).toBe(wood);
    expect(wood).toMatchObject({ id: 'wood', type: 'dropdown', default: 'pine' });
    // The rule too_wide (pine over 1100 mm) can exclude pine, so pine also carries its availability logic.
    expect(wood.options?.map(({ available_when, ...o }) => o)).toEqual([
      { id: 'oak', label: 'Oak', price: 30 },
      { id: 'pine', label: 'Pine', price: 0 },
    ]);
    expect(wood.options?.[1]).toHaveProperty('available_when.json_logic');
  });

  it('carries conditions as source and JSON Logic', async () => {
    const { form } = await shelfTenant();
    const lacquer = fieldOf(await (await form()).json<Form>(), 'lacquer', 'checkbox');
    expect(lacquer.visible_when).toEqual({ source: 'wood == "oak"', json_logic: { '===': [{ value: 'wood' }, 'oak'] } });
    // What {"value": "wood"} reads: the value sent if it is an option, else the default.
    expect((await (await form()).json<Form>()).logic_values).toMatchObject({
      wood: { if: [{ in: [{ var: 'wood' }, ['oak', 'pine']] }, { var: 'wood' }, 'pine'] },
    });
  });

  it.each([
    ['de', 'de', 'Größe'],
    ['de-CH', 'de', 'Größe'],
    ['DE-at', 'de', 'Größe'],
    ['fr', 'en', 'Size'],
    ['%%%', 'en', 'Size'],
  ])('lang=%s serves %s with Content-Language', async (lang, served, label) => {
    const { form } = await shelfTenant();
    const res = await form(`&lang=${encodeURIComponent(lang)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Language')).toBe(served);
    expect((await res.json<Form>()).groups[0]!.label).toBe(label);
  });

  it('answers If-None-Match with 304; the ETag changes with language and version', async () => {
    const { storeId, form } = await shelfTenant();
    const first = await form();
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^".+"$/);
    // A new compiler release may render the same version differently, so its IR version is part of the tag.
    expect(etag).toContain(`-ir${IR_VERSION}-`);
    expect(first.headers.get('Cache-Control')).toContain('max-age');
    const again = await form('', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await form('&lang=de')).headers.get('ETag')).not.toBe(etag);
    await saveProduct(storeId, 'shelf', SHELF.replace('width_m * 50', 'width_m * 52'));
    const afterSave = await form('', { 'If-None-Match': etag });
    expect(afterSave.status).toBe(200);
    expect((await afterSave.json<Form>()).version).toBe(2);
  });

  it('404s an unknown product, 400s a missing tenant_id, 401s without a key', async () => {
    const { storeId, headers, form } = await shelfTenant();
    expect((await call(`/api/v1/products/nope/form?tenant_id=${storeId}`, { headers })).status).toBe(404);
    const missing = await call('/api/v1/products/shelf/form', { headers });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: 'BAD_REQUEST',
      errors: [{ field: 'tenant_id', code: 'REQUIRED', location: 'query', message: expect.any(String) }],
    });
    expect((await form('', { 'X-API-Key': '' })).status).toBe(401);
  });
});
