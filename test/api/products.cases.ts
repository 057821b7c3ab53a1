import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductList, ProductRejected, SavedProduct, VersionDetail } from '../../src/api/admin/products';
import { sha256Hex } from '../../src/keys/secret';
import { SHELF } from '../fixtures/shelf';
import { ADMIN_TOKEN, admin, call, createStore, saveProduct, tenant } from '../helpers';

type Saved = z.infer<typeof SavedProduct>;

describe('saving products', () => {
  it('creates version 1 (201), keeps identical source (200 unchanged) and appends versions (200)', async () => {
    const storeId = await createStore();
    const first = await saveProduct(storeId, 'shelf', SHELF);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      external_id: 'shelf',
      name: 'Wall shelf',
      version: 1,
      content_hash: await sha256Hex(SHELF),
      unchanged: false,
    });

    const again = await saveProduct(storeId, 'shelf', SHELF);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ version: 1, unchanged: true });

    const changed = SHELF.replace('width_m * 50', 'width_m * 55');
    const second = await saveProduct(storeId, 'shelf', changed);
    expect(second.status).toBe(200);
    expect(await second.json<Saved>()).toMatchObject({ version: 2, unchanged: false, content_hash: await sha256Hex(changed) });

    const detail = await (await admin('GET', `/stores/${storeId}/products/shelf`)).json<z.infer<typeof ProductDetail>>();
    expect(detail.current_version).toBe(2);
    expect(detail.source).toBe(changed);
    expect(detail.versions.map((v) => v.version)).toEqual([2, 1]);

    const v1 = await (await admin('GET', `/stores/${storeId}/products/shelf/versions/1`)).json<z.infer<typeof VersionDetail>>();
    expect(v1.source).toBe(SHELF);
    expect((await admin('GET', `/stores/${storeId}/products/shelf/versions/9`)).status).toBe(404);

    const list = await (await admin('GET', `/stores/${storeId}/products`)).json<z.infer<typeof ProductList>>();
    expect(list.products).toEqual([expect.objectContaining({ external_id: 'shelf', name: 'Wall shelf', current_version: 2 })]);
  });

  it('numbers concurrent saves without gaps or duplicates', async () => {
    const storeId = await createStore();
    const sources = Array.from({ length: 5 }, (_, i) => SHELF.replace('width_m * 50', `width_m * ${60 + i}`));
    const results = await Promise.all(sources.map((s) => saveProduct(storeId, 'shelf', s).then((r) => r.json<Saved>())));
    expect(results.map((r) => r.version).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a schema with errors with 422 and stores nothing', async () => {
    const storeId = await createStore();
    const res = await saveProduct(storeId, 'broken', SHELF.replace('= width_m * 50', '= widht * 50'));
    expect(res.status).toBe(422);
    const body = await res.json<z.infer<typeof ProductRejected>>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors[0]).toMatchObject({
      code: 'E_UNDEFINED',
      line: expect.any(Number),
      column: expect.any(Number),
      message: expect.stringContaining('widht'),
    });
    expect((await admin('GET', `/stores/${storeId}/products/broken`)).status).toBe(404);
  });

  it('refuses a schema whose test fails like any other error', async () => {
    const storeId = await createStore();
    const res = await saveProduct(storeId, 'tested', `${SHELF}\ntest "default" { expect price == 41 }\n`);
    expect(res.status).toBe(422);
    const body = await res.json<z.infer<typeof ProductRejected>>();
    expect(body.errors).toEqual([
      expect.objectContaining({ code: 'E_TEST_FAILED', message: 'test "default": expected price == 41, got 40' }),
    ]);
    expect((await admin('GET', `/stores/${storeId}/products/tested`)).status).toBe(404);
    const passing = await saveProduct(storeId, 'tested', `${SHELF}\ntest "default" { expect price == 40 }\n`);
    expect(passing.status).toBe(201);
  });

  it('takes the raw schema file as text/plain, as the same version as its JSON-wrapped form', async () => {
    const storeId = await createStore();
    const put = (type: string, body: string) =>
      call(`/api/admin/stores/${storeId}/products/shelf`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': type },
        body,
      });
    const raw = await put('text/plain; charset=utf-8', SHELF);
    expect(raw.status).toBe(201);
    expect(await raw.json()).toMatchObject({ version: 1, content_hash: await sha256Hex(SHELF) });
    const wrapped = await saveProduct(storeId, 'shelf', SHELF);
    expect(await wrapped.json()).toMatchObject({ version: 1, unchanged: true });
    const broken = await put('text/plain', SHELF.replace('= width_m * 50', '= widht * 50'));
    expect(broken.status).toBe(422);
    // Only this route takes text: elsewhere text/plain stays a 415.
    expect(
      (
        await call('/api/admin/validate', {
          method: 'POST',
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'text/plain' },
          body: SHELF,
        })
      ).status,
    ).toBe(415);
  });

  it('400s an unknown field beside schema, naming it', async () => {
    const storeId = await createStore();
    const res = await admin('PUT', `/stores/${storeId}/products/shelf`, { schema: SHELF, shema: SHELF });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'shema', code: 'UNKNOWN_FIELD' }] });
  });

  it('400s a bad product id or body, 404s an unknown store', async () => {
    const storeId = await createStore();
    expect((await saveProduct(storeId, '-bad', SHELF)).status).toBe(400);
    expect((await admin('PUT', `/stores/${storeId}/products/x`, { source: SHELF })).status).toBe(400);
    expect((await saveProduct('no-such-store', 'shelf', SHELF)).status).toBe(404);
  });

  it('deletes a product with its versions', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    expect((await call(`/api/v1/products/shelf/form?tenant_id=${storeId}`, { headers })).status).toBe(200);
    expect((await admin('DELETE', `/stores/${storeId}/products/shelf`)).status).toBe(204);
    expect((await admin('GET', `/stores/${storeId}/products/shelf`)).status).toBe(404);
    expect((await admin('DELETE', `/stores/${storeId}/products/shelf`)).status).toBe(404);
    expect((await call(`/api/v1/products/shelf/form?tenant_id=${storeId}`, { headers })).status).toBe(404);
  });

  it("keeps each store's products apart", async () => {
    const a = await tenant();
    const b = await tenant();
    await saveProduct(a.storeId, 'shelf', SHELF);
    // b's own tenant has no such product: 404, not a leak of a's.
    expect((await call(`/api/v1/products/shelf/form?tenant_id=${b.storeId}`, { headers: b.headers })).status).toBe(404);
    // b's key asking for a's tenant: 403.
    expect((await call(`/api/v1/products/shelf/form?tenant_id=${a.storeId}`, { headers: b.headers })).status).toBe(403);
  });
});
