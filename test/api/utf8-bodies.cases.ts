// Issue 27, item 8: text and JSON bodies must be valid UTF-8. A lenient decoder stored each bad byte as U+FFFD and
// served it back ("X��"); now every body under /api is decoded strictly first: 400 INVALID_ENCODING, nothing stored.
import { describe, expect, it } from 'vitest';
import { SHELF } from '../fixtures/shelf';
import { ADMIN_TOKEN, admin, call, createStore, tenant } from '../helpers';

const AUTH = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const utf8 = (s: string) => new TextEncoder().encode(s);

/** The bytes of `before`, then bytes that are not UTF-8 (a Latin-1 "ä", a lone continuation byte), then `after`. */
function invalid(before: string, after: string): Uint8Array<ArrayBuffer> {
  const head = utf8(before);
  const tail = utf8(after);
  const out = new Uint8Array(head.length + 3 + tail.length);
  out.set(head);
  out.set([0x58, 0xe4, 0x80], head.length);
  out.set(tail, head.length + 3);
  return out;
}

/** SHELF with invalid bytes inside its product name, where a lenient decoder would keep U+FFFD. */
const SHELF_BYTES = () => invalid(SHELF.slice(0, SHELF.indexOf('Wall shelf')), SHELF.slice(SHELF.indexOf('Wall shelf')));
/** The same inside a JSON string: {"schema": "…X\xe4\x80…"}. */
const jsonWith = (field: string, text: string) => {
  const json = JSON.stringify({ [field]: text });
  const at = json.indexOf('Wall shelf');
  return invalid(json.slice(0, at), json.slice(at));
};

async function expectInvalidEncoding(res: Response): Promise<void> {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toMatchObject({ code: 'INVALID_ENCODING', error: expect.stringContaining('UTF-8') });
}

describe('bodies that are not UTF-8', () => {
  it('a text/plain product save: 400 INVALID_ENCODING, no product stored', async () => {
    const storeId = await createStore();
    const res = await call(`/api/admin/stores/${storeId}/products/shelf`, {
      method: 'PUT',
      headers: { ...AUTH, 'Content-Type': 'text/plain; charset=utf-8' },
      body: SHELF_BYTES(),
    });
    await expectInvalidEncoding(res);
    expect((await admin('GET', `/stores/${storeId}/products/shelf`)).status).toBe(404);
  });

  it('a JSON product save: 400 INVALID_ENCODING, no product stored', async () => {
    const storeId = await createStore();
    const res = await call(`/api/admin/stores/${storeId}/products/shelf`, {
      method: 'PUT',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: jsonWith('schema', SHELF),
    });
    await expectInvalidEncoding(res);
    expect((await admin('GET', `/stores/${storeId}/products/shelf`)).status).toBe(404);
  });

  it('a draft: 400 INVALID_ENCODING, no draft stored', async () => {
    const storeId = await createStore();
    const res = await call(`/api/admin/stores/${storeId}/products/shelf/draft`, {
      method: 'PUT',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: jsonWith('source', SHELF),
    });
    await expectInvalidEncoding(res);
    expect((await admin('GET', `/stores/${storeId}/products/shelf/draft`)).status).toBe(404);
  });

  it('the public API (validate, calculate) and other admin bodies answer the same', async () => {
    const { storeId, headers } = await tenant();
    const json = { ...headers, 'Content-Type': 'application/json' };
    await expectInvalidEncoding(
      await call('/api/v1/validate', { method: 'POST', headers: json, body: jsonWith('schema', SHELF) }),
    );
    const calculate = invalid(`{"tenant_id": "${storeId}", "product_id": "shelf", "configuration": {"wood": "`, '"}}');
    await expectInvalidEncoding(await call('/api/v1/calculate', { method: 'POST', headers: json, body: calculate }));
    const store = invalid('{"id": "s-utf8", "name": "', '", "plan": "free"}');
    const created = await call('/api/admin/stores', {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: store,
    });
    await expectInvalidEncoding(created);
    expect((await admin('GET', '/stores/s-utf8')).status).toBe(404);
  });

  it('valid UTF-8 (with a byte order mark, and non-ASCII text) is still saved as sent', async () => {
    const storeId = await createStore();
    const named = SHELF.replace('Wall shelf', 'Wandregal „Größe“ 🪵');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(named)]);
    const res = await call(`/api/admin/stores/${storeId}/products/shelf`, {
      method: 'PUT',
      headers: { ...AUTH, 'Content-Type': 'text/plain' },
      body: bom,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'Wandregal „Größe“ 🪵' });
  });
});
