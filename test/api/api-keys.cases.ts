import { env } from 'cloudflare:workers';
import type { z } from '@hono/zod-openapi';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyList, CreatedApiKey } from '../../src/api/admin/api-keys';
import type { ErrorBody } from '../../src/api/openapi';
import { sha256Hex } from '../../src/keys/secret';
import { putKeyRecord } from '../../src/keys/store';
import { admin, call, createKey, createStore } from '../helpers';

afterEach(() => vi.restoreAllMocks());

/** An authenticated read that reaches the route: 404 means the key was accepted. */
const formOf = (storeId: string, headers: Record<string, string>) =>
  call(`/api/v1/products/no-such-product/form?tenant_id=${storeId}`, { headers });

describe('creating and listing keys', () => {
  it('shows the key exactly once and lists it without secrets', async () => {
    const storeId = await createStore();
    const res = await admin('POST', `/stores/${storeId}/api-keys`, { name: 'Storefront' });
    expect(res.status).toBe(201);
    const created = await res.json<z.infer<typeof CreatedApiKey>>();
    expect(created.key).toMatch(/^cpq_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.permissions).toEqual(['form:read', 'calculate', 'schema:validate']);

    const listRes = await admin('GET', `/stores/${storeId}/api-keys`);
    const text = await listRes.text();
    expect(text).not.toContain(created.key);
    expect(text).not.toContain(await sha256Hex(created.key));
    const list = JSON.parse(text) as { api_keys: Record<string, unknown>[] };
    expect(list.api_keys).toEqual([
      {
        id: created.id,
        name: 'Storefront',
        prefix: created.prefix,
        permissions: created.permissions,
        created_at: created.created_at,
        last_used_at: null,
        revoked_at: null,
        customer_group: 'retail',
        markets: null,
      },
    ]);
  });

  it('stores only the SHA-256 hash in KV', async () => {
    const storeId = await createStore();
    const { key, id } = await createKey(storeId);
    const record = await env.KEYS.get(`key:${await sha256Hex(key)}`, 'json');
    expect(record).toMatchObject({ keyId: id, storeId });
    expect(JSON.stringify(record)).not.toContain(key);
  });

  it('404s keys of an unknown store and 400s unknown permissions', async () => {
    expect((await admin('POST', '/stores/nobody/api-keys', { name: 'x' })).status).toBe(404);
    const storeId = await createStore();
    const res = await admin('POST', `/stores/${storeId}/api-keys`, { name: 'x', permissions: ['root'] });
    expect(res.status).toBe(400);
    expect((await res.json<z.infer<typeof ErrorBody>>()).errors![0]!.field).toMatch(/^permissions/);
  });
});

describe('authenticating with a key', () => {
  it('accepts X-API-Key and Authorization: Bearer', async () => {
    const storeId = await createStore();
    const { key } = await createKey(storeId);
    expect((await formOf(storeId, { 'X-API-Key': key })).status).toBe(404);
    expect((await formOf(storeId, { Authorization: `Bearer ${key}` })).status).toBe(404);
  });

  it.each([
    ['no key', {}],
    ['a malformed key', { 'X-API-Key': 'hello' }],
    ['an unknown key', { 'X-API-Key': `cpq_${'A'.repeat(43)}` }],
    ['a non-bearer authorization', { Authorization: 'Basic abc' }],
  ])('answers %s with 401 UNAUTHORIZED', async (_, headers) => {
    const storeId = await createStore();
    const res = await formOf(storeId, headers);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
  });

  it("answers another store's tenant_id with 403 FORBIDDEN", async () => {
    const mine = await createStore();
    const theirs = await createStore();
    const { key } = await createKey(mine);
    const res = await formOf(theirs, { 'X-API-Key': key });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers an operation the key lacks with 403 FORBIDDEN', async () => {
    const storeId = await createStore();
    const { key } = await createKey(storeId, ['calculate']);
    const res = await formOf(storeId, { 'X-API-Key': key });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', details: { required_permission: 'form:read' } });
  });

  it('never logs the key', async () => {
    const lines: unknown[] = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const)
      vi.spyOn(console, level).mockImplementation((...a) => void lines.push(...a));
    const storeId = await createStore();
    const { key } = await createKey(storeId);
    await formOf(storeId, { 'X-API-Key': key });
    await formOf('someone-else', { 'X-API-Key': key });
    expect(JSON.stringify(lines)).not.toContain(key.slice(4));
  });
});

describe('revoking a key', () => {
  it('refuses the key from the next request on', async () => {
    const storeId = await createStore();
    const { key, id } = await createKey(storeId);
    expect((await formOf(storeId, { 'X-API-Key': key })).status).toBe(404);
    const del = await admin('DELETE', `/stores/${storeId}/api-keys/${id}`);
    expect(del.status).toBe(204);
    const res = await formOf(storeId, { 'X-API-Key': key });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const list = await (await admin('GET', `/stores/${storeId}/api-keys`)).json<z.infer<typeof ApiKeyList>>();
    expect(list.api_keys[0]!.revoked_at).not.toBeNull();
  });

  it('holds even where KV still serves the old record (KV is eventually consistent)', async () => {
    const storeId = await createStore();
    const { key, id } = await createKey(storeId);
    const hash = await sha256Hex(key);
    const stale = await env.KEYS.get(`key:${hash}`, 'json');
    await admin('DELETE', `/stores/${storeId}/api-keys/${id}`);
    // Another location's KV may answer with the record for up to a minute: put it back to play that location.
    await putKeyRecord(env.KEYS, hash, stale as never);
    expect((await formOf(storeId, { 'X-API-Key': key })).status).toBe(401);
  });

  it('404s an unknown key or a key of another store', async () => {
    const a = await createStore();
    const b = await createStore();
    const { id } = await createKey(a);
    expect((await admin('DELETE', `/stores/${a}/api-keys/key_missing`)).status).toBe(404);
    expect((await admin('DELETE', `/stores/${b}/api-keys/${id}`)).status).toBe(404);
  });
});
