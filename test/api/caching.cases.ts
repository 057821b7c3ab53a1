import { env } from 'cloudflare:workers';
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { CalculationResult } from '../../src/api/calculate';
import { storeBinding } from '../../src/db/client';
import { realTime } from '../../src/isolate/clock';
import { sha256Hex } from '../../src/keys/secret';
import { POINTER_HOLD_MS, pointerHold } from '../../src/products/pointer';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createKey, createStore, jsonInit, saveProduct, tenant } from '../helpers';

const priceOf = async (res: Response) => (await res.json<z.infer<typeof CalculationResult>>()).result.totals.price;

const calculate = (storeId: string, headers: Record<string, string>) =>
  call(
    '/api/v1/calculate',
    jsonInit('POST', { tenant_id: storeId, product_id: 'shelf', configuration: { width: 600 } }, headers),
  );

describe('the request path', () => {
  it('never re-parses the source: it evaluates the stored compiled form', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    await (await storeBinding(env, storeId))
      .prepare("UPDATE product_versions SET source = 'this is not a schema' WHERE store_id = ?")
      .bind(storeId)
      .run();
    const res = await calculate(storeId, headers);
    expect(res.status).toBe(200);
    expect(await priceOf(res)).toBe(30);
  });

  it('finds a warm product through the KV pointer and the isolate cache, without D1', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    expect((await calculate(storeId, headers)).status).toBe(200);
    // Pull the rows out from under the service: a warm request must not need them.
    const d1 = await storeBinding(env, storeId);
    await d1.batch([
      d1.prepare('DELETE FROM product_versions WHERE store_id = ?').bind(storeId),
      d1.prepare('DELETE FROM products WHERE store_id = ?').bind(storeId),
    ]);
    expect((await calculate(storeId, headers)).status).toBe(200);
    expect((await call(`/api/v1/products/shelf/form?tenant_id=${storeId}`, { headers })).status).toBe(200);
  });

  it('holds a known key in the isolate, so a warm request skips KV; revoking it still refuses it at once', async () => {
    const storeId = await createStore();
    await saveProduct(storeId, 'shelf', SHELF);
    const { id, key } = await createKey(storeId, ['calculate']);
    const headers = { 'X-API-Key': key };
    expect((await calculate(storeId, headers)).status).toBe(200);
    await env.KEYS.delete(`key:${await sha256Hex(key)}`);
    expect((await calculate(storeId, headers)).status).toBe(200);
    // Held by the key as presented: the same key but for its last character is another, unknown key.
    const near = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect((await calculate(storeId, { 'X-API-Key': near })).status).toBe(401);
    expect((await admin('DELETE', `/stores/${storeId}/api-keys/${id}`)).status).toBe(204);
    expect((await calculate(storeId, headers)).status).toBe(401);
  });

  it('publishes the version pointer on save and removes it on delete', async () => {
    const { storeId } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    expect(await env.KEYS.get(`product:${storeId}:shelf`, 'json')).toMatchObject({ version: 1, contentHash: expect.any(String) });
    await call(`/api/admin/stores/${storeId}/products/shelf`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer test-admin-token' },
    });
    expect(await env.KEYS.get(`product:${storeId}:shelf`)).toBeNull();
  });

  it('rebuilds a missing pointer from D1', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    await env.KEYS.delete(`product:${storeId}:shelf`);
    expect((await calculate(storeId, headers)).status).toBe(200);
    expect(await env.KEYS.get(`product:${storeId}:shelf`, 'json')).toMatchObject({ version: 1 });
  });

  it('holds a version pointer it read for a second: a warm request then reads neither KV nor D1', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    expect((await calculate(storeId, headers)).status).toBe(200);
    await env.KEYS.delete(`product:${storeId}:shelf`);
    expect((await calculate(storeId, headers)).status).toBe(200);
    // Served from the pointer held, so nothing rebuilt the one taken out of KV.
    expect(await env.KEYS.get(`product:${storeId}:shelf`)).toBeNull();
    // Once the second has passed the isolate reads KV again, finds no pointer and rebuilds it from D1.
    pointerHold.clock = { now: () => Date.now() + POINTER_HOLD_MS + 100 };
    try {
      expect((await calculate(storeId, headers)).status).toBe(200);
    } finally {
      pointerHold.clock = realTime;
    }
    expect(await env.KEYS.get(`product:${storeId}:shelf`, 'json')).toMatchObject({ version: 1 });
  });

  it("serves this isolate's own save at once, though it holds the version it read before", async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    expect(await priceOf(await calculate(storeId, headers))).toBe(30);
    await saveProduct(storeId, 'shelf', SHELF.replace('width_m * 50', 'width_m * 100'));
    expect(await priceOf(await calculate(storeId, headers))).toBe(60);
    await call(`/api/admin/stores/${storeId}/products/shelf`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer test-admin-token' },
    });
    expect((await calculate(storeId, headers)).status).toBe(404);
  });
});
