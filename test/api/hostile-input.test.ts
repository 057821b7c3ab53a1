import { describe, expect, it } from 'vitest';
import { SHELF } from '../fixtures/shelf';
import { admin, call, saveProduct, tenant } from '../helpers';

const post = (body: string, headers: Record<string, string>) =>
  call('/api/v1/calculate', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body });

async function shelfTenant() {
  const t = await tenant();
  await saveProduct(t.storeId, 'shelf', SHELF);
  return t;
}

describe('hostile input never yields a 500', () => {
  it('deeply nested JSON in a configuration value is a 422, not a crash', async () => {
    const { storeId, headers } = await shelfTenant();
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const res = await post(`{"tenant_id":"${storeId}","product_id":"shelf","configuration":{"width":${deep}}}`, headers);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ field: 'width', code: 'INVALID_TYPE' })] });
  });

  it('a number that overflows to Infinity is refused', async () => {
    const { storeId, headers } = await shelfTenant();
    const res = await post(`{"tenant_id":"${storeId}","product_id":"shelf","configuration":{"width":1e400}}`, headers);
    expect(res.status).toBe(422);
    expect(await res.text()).not.toMatch(/Infinity|NaN/);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('%s as product id or configuration key is plain data', async (name) => {
    const { storeId, headers } = await shelfTenant();
    const asProduct = await post(JSON.stringify({ tenant_id: storeId, product_id: name, configuration: {} }), headers);
    expect(asProduct.status).toBe(404);
    const asKey = await post(`{"tenant_id":"${storeId}","product_id":"shelf","configuration":{"${name}":{"polluted":true}}}`, headers);
    expect(asKey.status).toBe(422);
    expect(await asKey.json()).toMatchObject({ errors: [expect.objectContaining({ field: name, code: 'UNKNOWN_FIELD' })] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a non-object body, or the wrong JSON type at the top, is a 400', async () => {
    const { headers } = await shelfTenant();
    for (const body of ['[]', '"text"', '42', 'null', 'true']) {
      const res = await post(body, headers);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('an over-long output group list is a 400', async () => {
    const { storeId, headers } = await shelfTenant();
    const res = await post(JSON.stringify({ tenant_id: storeId, product_id: 'shelf', configuration: {}, output_groups: Array(101).fill('bom') }), headers);
    expect(res.status).toBe(400);
  });

  it('a schema of deep nesting or huge size is a diagnostic on save, and nothing is stored', async () => {
    const { storeId } = await shelfTenant();
    const deep = `product "x" {}\nlet a = ${'('.repeat(5_000)}1${')'.repeat(5_000)}\n`;
    const res = await saveProduct(storeId, 'deep', deep);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ code: 'E_LIMIT' })] });
    expect((await admin('GET', `/stores/${storeId}/products/deep`)).status).toBe(404);
  });
});
