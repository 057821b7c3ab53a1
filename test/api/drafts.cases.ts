import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { Draft, SavedDraft } from '../../src/api/admin/drafts';
import type { ProductDetail, ProductList, ProductRejected, SavedProduct } from '../../src/api/admin/products';
import { MAX_SOURCE_BYTES } from '../../src/lang/syntax/split';
import { SHELF } from '../fixtures/shelf';
import { ADMIN_TOKEN, admin, call, createStore, saveProduct, tenant } from '../helpers';

type Saved = z.infer<typeof SavedProduct>;
const draftPath = (storeId: string, id: string) => `/stores/${storeId}/products/${id}/draft`;
const putDraft = (storeId: string, id: string, source: string) => admin('PUT', draftPath(storeId, id), { source });
const OAK_DEARER = SHELF.replace('price: 30', 'price: 45');
const BROKEN = SHELF.replace('= width_m * 50', '= widht * 50');

describe('drafts', () => {
  it('saves, reads back and discards a draft; storefronts keep the published version meanwhile', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    expect((await admin('GET', draftPath(storeId, 'shelf'))).status).toBe(404);

    const put = await putDraft(storeId, 'shelf', OAK_DEARER);
    expect(put.status).toBe(200);
    const saved = await put.json<z.infer<typeof SavedDraft>>();
    expect(saved).toMatchObject({ valid: true, errors: [], warnings: expect.any(Array) });
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(0);

    const got = await admin('GET', draftPath(storeId, 'shelf'));
    expect(await got.json<z.infer<typeof Draft>>()).toEqual({
      source: OAK_DEARER,
      updated_at: saved.updated_at,
      base_version: 1,
    });

    // The storefront still calculates with version 1's oak surcharge of 30.
    const calc = await call('/api/v1/calculate', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenant_id: storeId, product_id: 'shelf', configuration: { wood: 'oak' } }),
    });
    expect(await calc.json()).toMatchObject({ version: 1, result: { totals: { price: 70 } } });

    expect((await admin('DELETE', draftPath(storeId, 'shelf'))).status).toBe(204);
    expect((await admin('GET', draftPath(storeId, 'shelf'))).status).toBe(404);
    expect((await admin('DELETE', draftPath(storeId, 'shelf'))).status).toBe(404);
  });

  it('saves a draft that does not compile, with its errors, and a draft of a product not yet published', async () => {
    const storeId = await createStore();
    const put = await putDraft(storeId, 'new-shelf', BROKEN);
    expect(put.status).toBe(200);
    const saved = await put.json<z.infer<typeof SavedDraft>>();
    expect(saved.errors[0]).toMatchObject({ code: 'E_UNDEFINED', message: expect.stringContaining('widht') });
    expect(await (await admin('GET', draftPath(storeId, 'new-shelf'))).json()).toMatchObject({
      source: BROKEN,
      base_version: null,
    });
    // Not a product yet: listed among the drafts, not the products.
    const list = await (await admin('GET', `/stores/${storeId}/products`)).json<z.infer<typeof ProductList>>();
    expect(list).toEqual({ products: [], drafts: [{ external_id: 'new-shelf', updated_at: saved.updated_at }] });
    expect((await admin('GET', `/stores/${storeId}/products/new-shelf`)).status).toBe(404);
  });

  it('publishes: a new version with its note (201), the draft removed; an unchanged draft answers 200', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    await putDraft(storeId, 'shelf', OAK_DEARER);
    const listed = await (await admin('GET', `/stores/${storeId}/products`)).json<z.infer<typeof ProductList>>();
    expect(listed.products[0]!.draft_updated_at).toEqual(expect.any(String));

    const published = await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, { note: '  Oak costs 45 now  ' });
    expect(published.status).toBe(201);
    expect(await published.json<Saved>()).toMatchObject({ external_id: 'shelf', version: 2, unchanged: false });
    expect((await admin('GET', draftPath(storeId, 'shelf'))).status).toBe(404);
    const detail = await (await admin('GET', `/stores/${storeId}/products/shelf`)).json<z.infer<typeof ProductDetail>>();
    expect(detail.source).toBe(OAK_DEARER);
    expect(detail.versions.map((v) => [v.version, v.note])).toEqual([
      [2, 'Oak costs 45 now'],
      [1, null],
    ]);
    expect(await (await admin('GET', `/stores/${storeId}/products/shelf/versions/2`)).json()).toMatchObject({
      note: 'Oak costs 45 now',
    });
    const calc = await call('/api/v1/calculate', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenant_id: storeId, product_id: 'shelf', configuration: { wood: 'oak' } }),
    });
    expect(await calc.json()).toMatchObject({ version: 2, result: { totals: { price: 85 } } });

    await putDraft(storeId, 'shelf', OAK_DEARER);
    const again = await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, {});
    expect(again.status).toBe(200);
    expect(await again.json<Saved>()).toMatchObject({ version: 2, unchanged: true });
    expect((await admin('GET', draftPath(storeId, 'shelf'))).status).toBe(404);
    // Nothing to publish.
    expect((await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, {})).status).toBe(404);
  });

  it('publishing a draft with errors is 422 with the errors, and keeps the draft and the current version', async () => {
    const storeId = await createStore();
    await saveProduct(storeId, 'shelf', SHELF);
    await putDraft(storeId, 'shelf', BROKEN);
    const res = await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, { note: 'typo' });
    expect(res.status).toBe(422);
    const body = await res.json<z.infer<typeof ProductRejected>>();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ code: 'E_UNDEFINED' })] });
    expect(await (await admin('GET', draftPath(storeId, 'shelf'))).json()).toMatchObject({ source: BROKEN });
    const detail = await (await admin('GET', `/stores/${storeId}/products/shelf`)).json<z.infer<typeof ProductDetail>>();
    expect(detail.current_version).toBe(1);
  });

  it('publishes the first version of a new product from its draft (201)', async () => {
    const storeId = await createStore();
    await putDraft(storeId, 'fresh', SHELF);
    const res = await admin('POST', `${draftPath(storeId, 'fresh')}/publish`, { note: 'First cut' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ version: 1, name: 'Wall shelf' });
    const list = await (await admin('GET', `/stores/${storeId}/products`)).json<z.infer<typeof ProductList>>();
    expect(list.drafts).toEqual([]);
    expect(list.products).toEqual([expect.objectContaining({ external_id: 'fresh', draft_updated_at: null })]);
  });

  it("answers the draft's form and calculation as the saved version's, and 422 with errors when it does not compile", async () => {
    const storeId = await createStore();
    await saveProduct(storeId, 'shelf', SHELF);
    await putDraft(storeId, 'shelf', OAK_DEARER);
    const form = await admin('GET', `${draftPath(storeId, 'shelf')}/form?lang=de`);
    expect(form.status).toBe(200);
    expect(form.headers.get('Cache-Control')).toBe('no-store');
    expect(form.headers.get('Content-Language')).toBe('de');
    const doc = await form.json<{
      version: number;
      groups: { fields: { id: string; options?: { id: string; label: string }[] }[] }[];
    }>();
    expect(doc.version).toBe(1);
    const wood = doc.groups.flatMap((g) => g.fields).find((f) => f.id === 'wood');
    expect(wood?.options?.map((o) => o.label)).toEqual(['Eiche', 'Kiefer']);

    const calc = await admin('POST', `${draftPath(storeId, 'shelf')}/calculate`, { configuration: { wood: 'oak' } });
    expect(calc.status).toBe(200);
    expect(await calc.json()).toMatchObject({ version: 1, result: { totals: { price: 85 } }, states: expect.any(Object) });
    // The saved version's preview still says 70.
    const savedCalc = await admin('POST', `/stores/${storeId}/products/shelf/calculate`, { configuration: { wood: 'oak' } });
    expect(await savedCalc.json()).toMatchObject({ result: { totals: { price: 70 } } });

    const invalid = await admin('POST', `${draftPath(storeId, 'shelf')}/calculate`, { configuration: { width: 5 } });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED', states: expect.any(Object) });

    await putDraft(storeId, 'shelf', BROKEN);
    for (const res of [
      await admin('GET', `${draftPath(storeId, 'shelf')}/form`),
      await admin('POST', `${draftPath(storeId, 'shelf')}/calculate`, { configuration: {} }),
    ]) {
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ code: 'E_UNDEFINED' })],
      });
    }
    expect((await admin('GET', `${draftPath(storeId, 'nothing')}/form`)).status).toBe(404);
  });

  it('previews a draft whose own tests fail, priced as written, and refuses to publish it', async () => {
    const storeId = await createStore();
    const tested = `${SHELF}\ntest "oak" {\n  given { wood: "oak" }\n  expect price == 70\n}\n`;
    await saveProduct(storeId, 'shelf', tested);
    await putDraft(storeId, 'shelf', tested.replace('price: 30', 'price: 45'));
    expect((await admin('GET', `${draftPath(storeId, 'shelf')}/form`)).status).toBe(200);
    const calc = await admin('POST', `${draftPath(storeId, 'shelf')}/calculate`, { configuration: { wood: 'oak' } });
    expect(calc.status).toBe(200);
    expect(await calc.json()).toMatchObject({ version: 1, result: { totals: { price: 85 } } });

    const refused = await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, {});
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        expect.objectContaining({ code: 'E_TEST_FAILED', message: expect.stringContaining('expected price == 70, got 85') }),
      ],
    });
  });

  it('refuses (412) to publish a draft over a version published since it began, unless forced', async () => {
    const storeId = await createStore();
    await saveProduct(storeId, 'shelf', SHELF);
    // The editor began from version 1; meanwhile `cpq push` (or another tab) published version 2.
    await putDraft(storeId, 'shelf', OAK_DEARER);
    const OAK_CHEAPER = SHELF.replace('price: 30', 'price: 25');
    expect((await saveProduct(storeId, 'shelf', OAK_CHEAPER)).status).toBe(200);
    const refused = await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, { note: 'Oak 45' });
    expect(refused.status).toBe(412);
    expect(refused.headers.get('ETag')).toBe('"v2"');
    expect(await refused.json()).toMatchObject({ code: 'PRECONDITION_FAILED', details: { version: 2 } });
    // Nothing reverted, the draft kept.
    const kept = await (await admin('GET', `/stores/${storeId}/products/shelf`)).json<z.infer<typeof ProductDetail>>();
    expect([kept.current_version, kept.source]).toEqual([2, OAK_CHEAPER]);
    expect(await (await admin('GET', draftPath(storeId, 'shelf'))).json()).toMatchObject({ base_version: 1 });

    const forced = await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, { note: 'Oak 45', force: true });
    expect(forced.status).toBe(201);
    expect(await forced.json()).toMatchObject({ version: 3 });
    expect((await admin('GET', draftPath(storeId, 'shelf'))).status).toBe(404);
  });

  it("records the version the editor's text came from when the draft is first saved, and checks it on publish", async () => {
    const storeId = await createStore();
    await saveProduct(storeId, 'shelf', SHELF);
    await saveProduct(storeId, 'shelf', SHELF.replace('price: 30', 'price: 25'));
    // The editor loaded version 1 before version 2 existed, and saves its first keystroke only now.
    expect((await admin('PUT', draftPath(storeId, 'shelf'), { source: OAK_DEARER, base_version: 1 })).status).toBe(200);
    // Later saves keep the base the draft began from.
    expect((await admin('PUT', draftPath(storeId, 'shelf'), { source: OAK_DEARER, base_version: 2 })).status).toBe(200);
    expect(await (await admin('GET', draftPath(storeId, 'shelf'))).json()).toMatchObject({ base_version: 1 });
    expect((await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, {})).status).toBe(412);

    // A new product's draft began from nothing: someone else creating the product first is the same conflict.
    await admin('PUT', draftPath(storeId, 'bench'), { source: SHELF, base_version: 0 });
    await saveProduct(storeId, 'bench', OAK_DEARER);
    expect((await admin('POST', `${draftPath(storeId, 'bench')}/publish`, {})).status).toBe(412);

    for (const bad of [-1, 1.5, '1', null]) {
      expect((await admin('PUT', draftPath(storeId, 'shelf'), { source: SHELF, base_version: bad })).status).toBe(400);
    }
    expect((await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, { force: 'yes' })).status).toBe(400);
  });

  it("keeps each store's drafts apart", async () => {
    const a = await createStore();
    const b = await createStore();
    await putDraft(a, 'shelf', SHELF);
    expect((await admin('GET', draftPath(b, 'shelf'))).status).toBe(404);
    expect((await admin('POST', `${draftPath(b, 'shelf')}/publish`, {})).status).toBe(404);
    expect((await admin('DELETE', draftPath(b, 'shelf'))).status).toBe(404);
    expect((await admin('GET', `${draftPath(b, 'shelf')}/form`)).status).toBe(404);
    expect((await admin('GET', draftPath(a, 'shelf'))).status).toBe(200);
    // An unknown store is 404 too, and saves nothing.
    expect((await putDraft('no-such-store', 'shelf', SHELF)).status).toBe(404);
  });

  it('refuses bad bodies with 400 or 415, and a source over 4 MiB with 413, saving nothing', async () => {
    const storeId = await createStore();
    expect((await admin('PUT', draftPath(storeId, 'shelf'), { schema: SHELF })).status).toBe(400);
    expect((await admin('PUT', draftPath(storeId, 'shelf'), { source: 42 })).status).toBe(400);
    expect((await admin('PUT', draftPath(storeId, 'shelf'), { source: SHELF, extra: 1 })).status).toBe(400);
    expect((await admin('PUT', draftPath(storeId, '-bad'), { source: SHELF })).status).toBe(400);
    const text = await call(`/api/admin${draftPath(storeId, 'shelf')}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'text/plain' },
      body: SHELF,
    });
    expect(text.status).toBe(415);
    const huge = await putDraft(storeId, 'shelf', `${SHELF}\n//${'x'.repeat(MAX_SOURCE_BYTES)}`);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { max_bytes: MAX_SOURCE_BYTES } });
    expect((await admin('GET', draftPath(storeId, 'shelf'))).status).toBe(404);
    expect((await admin('POST', `${draftPath(storeId, 'shelf')}/publish`, { note: 'x'.repeat(1001) })).status).toBe(400);
    expect((await admin('PUT', draftPath(storeId, 'shelf'))).status).toBe(415);
  });

  it('needs the admin token or a session', async () => {
    const storeId = await createStore();
    expect((await call(`/api/admin${draftPath(storeId, 'shelf')}`)).status).toBe(401);
  });
});
