// Issue 35, item 2: a save names the version its schema was edited from (If-Match "v<n>", or If-None-Match: * for a
// new product) and is refused with 412 when the product has moved on, so `cpq push` never silently undoes an edit
// made in the backoffice since its pull. The check is the append itself: concurrent saves from one version make
// one version, the others 412.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ProductDetail, SavedProduct } from '../../src/api/admin/products';
import { SHELF } from '../fixtures/shelf';
import { ADMIN_TOKEN, admin, call, createStore, jsonInit, saveProduct } from '../helpers';

type Saved = z.infer<typeof SavedProduct>;
interface Refusal {
  code: string;
  error: string;
  details: { version: number | null };
}

const edited = (n: number) => SHELF.replace('width_m * 50', `width_m * ${50 + n}`);

function saveFrom(storeId: string, id: string, schema: string, conditions: Record<string, string>): Promise<Response> {
  return call(
    `/api/admin/stores/${storeId}/products/${id}`,
    jsonInit('PUT', { schema }, { Authorization: `Bearer ${ADMIN_TOKEN}`, ...conditions }),
  );
}

async function detail(storeId: string, id: string) {
  const res = await admin('GET', `/stores/${storeId}/products/${id}`);
  return { etag: res.headers.get('ETag'), body: await res.json<z.infer<typeof ProductDetail>>() };
}

describe('saving from a version (If-Match)', () => {
  it('saves while the named version is current, and refuses with 412 once it is not', async () => {
    const storeId = await createStore();
    const first = await saveProduct(storeId, 'shelf', SHELF);
    expect(first.headers.get('ETag')).toBe('"v1"');
    expect((await detail(storeId, 'shelf')).etag).toBe('"v1"');

    // The backoffice publishes version 2 from version 1.
    const second = await saveFrom(storeId, 'shelf', edited(1), { 'If-Match': '"v1"' });
    expect(second.status).toBe(200);
    expect(second.headers.get('ETag')).toBe('"v2"');
    expect((await second.json<Saved>()).version).toBe(2);

    // A push of a file pulled at version 1 would undo it: refused, nothing saved.
    const stale = await saveFrom(storeId, 'shelf', edited(2), { 'If-Match': '"v1"' });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('ETag')).toBe('"v2"');
    const refusal = await stale.json<Refusal>();
    expect(refusal.code).toBe('PRECONDITION_FAILED');
    expect(refusal.details).toEqual({ version: 2 });
    expect(refusal.error).toMatch(/is at version 2, but this save was made from version 1/);
    const after = await detail(storeId, 'shelf');
    expect(after.body.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(after.body.source).toBe(edited(1));

    // Weak tags match; the current source is unchanged whatever the header names (nothing would be undone).
    expect((await saveFrom(storeId, 'shelf', edited(3), { 'If-Match': 'W/"v2"' })).status).toBe(200);
    const same = await saveFrom(storeId, 'shelf', edited(3), { 'If-Match': '"v1"' });
    expect(same.status).toBe(200);
    expect(await same.json<Saved>()).toMatchObject({ version: 3, unchanged: true });
  });

  it('refuses a tag that is no version, and a save from a version of a product deleted since (version null)', async () => {
    const storeId = await createStore();
    await saveProduct(storeId, 'shelf', SHELF);
    const garbled = await saveFrom(storeId, 'shelf', edited(1), { 'If-Match': 'v1' });
    expect(garbled.status).toBe(412);
    expect((await garbled.json<Refusal>()).details).toEqual({ version: 1 });

    expect((await admin('DELETE', `/stores/${storeId}/products/shelf`)).status).toBe(204);
    const gone = await saveFrom(storeId, 'shelf', edited(1), { 'If-Match': '"v1"' });
    expect(gone.status).toBe(412);
    expect(gone.headers.get('ETag')).toBeNull();
    const refusal = await gone.json<Refusal>();
    expect(refusal.details).toEqual({ version: null });
    expect(refusal.error).toMatch(/no longer exists/);
    expect((await admin('GET', `/stores/${storeId}/products/shelf`)).status).toBe(404);
  });

  it('If-None-Match: * saves a new product only; another value is a 400', async () => {
    const storeId = await createStore();
    const created = await saveFrom(storeId, 'shelf', SHELF, { 'If-None-Match': '*' });
    expect(created.status).toBe(201);
    const taken = await saveFrom(storeId, 'shelf', edited(1), { 'If-None-Match': '*' });
    expect(taken.status).toBe(412);
    const refusal = await taken.json<Refusal>();
    expect(refusal.details).toEqual({ version: 1 });
    expect(refusal.error).toMatch(/made as a new product/);
    const other = await saveFrom(storeId, 'shelf', edited(1), { 'If-None-Match': '"v1"' });
    expect(other.status).toBe(400);
    expect((await other.json<{ code: string }>()).code).toBe('BAD_REQUEST');
    expect((await detail(storeId, 'shelf')).body.versions.map((v) => v.version)).toEqual([1]);
  });

  it('concurrent saves of different sources from one version: one new version, every other 412', async () => {
    for (let round = 0; round < 4; round += 1) {
      const storeId = await createStore();
      await saveProduct(storeId, 'shelf', SHELF);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => saveFrom(storeId, 'shelf', edited(i + 1), { 'If-Match': '"v1"' })),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
      expect((await detail(storeId, 'shelf')).body.versions.map((v) => v.version)).toEqual([2, 1]);
    }
  });

  it('concurrent first saves with If-None-Match: *: one creates the product, every other 412', async () => {
    const storeId = await createStore();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => saveFrom(storeId, 'shelf', edited(i), { 'If-None-Match': '*' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 412, 412, 412, 412, 412]);
    expect((await detail(storeId, 'shelf')).body.versions.map((v) => v.version)).toEqual([1]);
  });
});
