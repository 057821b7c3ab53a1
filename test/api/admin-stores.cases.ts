import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/api/admin/params';
import type { StoreList } from '../../src/api/admin/stores';
import type { ErrorBody } from '../../src/api/openapi';
import { admin, call, uniqueId } from '../helpers';

describe('admin API guard', () => {
  it.each([
    ['no token', {}],
    ['a wrong token', { Authorization: 'Bearer nope' }],
    ['an API key scheme', { 'X-API-Key': 'test-admin-token' }],
  ])('refuses %s with 401 UNAUTHORIZED', async (_, headers) => {
    const res = await call('/api/admin/stores', { headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
  });
});

describe('stores', () => {
  it('creates, reads, lists, renames and re-plans a store', async () => {
    const id = uniqueId('acme');
    const created = await admin('POST', '/stores', { id, name: 'Acme Windows', plan: 'pro' });
    expect(created.status).toBe(201);
    const store = await created.json<z.infer<typeof Store>>();
    expect(store).toMatchObject({ id, name: 'Acme Windows', plan: 'pro' });
    expect(new Date(store.created_at!).toISOString()).toBe(store.created_at);

    expect(await (await admin('GET', `/stores/${id}`)).json()).toEqual(store);
    const list = await (await admin('GET', '/stores')).json<z.infer<typeof StoreList>>();
    expect(list.stores.map((s) => s.id)).toContain(id);

    const patched = await admin('PATCH', `/stores/${id}`, { name: 'Acme Doors', plan: 'enterprise' });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id, name: 'Acme Doors', plan: 'enterprise' });
  });

  it('defaults the plan to free', async () => {
    const res = await admin('POST', '/stores', { id: uniqueId('free'), name: 'Free shop' });
    expect(await res.json()).toMatchObject({ plan: 'free' });
  });

  it('refuses a duplicate id with 409 CONFLICT', async () => {
    const id = uniqueId('dup');
    await admin('POST', '/stores', { id, name: 'First' });
    const res = await admin('POST', '/stores', { id, name: 'Second' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await (await admin('GET', `/stores/${id}`)).json()).toMatchObject({ name: 'First' });
  });

  it.each([
    ['an unknown plan', { id: 'p1', name: 'x', plan: 'gold' }, 'plan'],
    ['an id with capitals', { id: 'Bad Id', name: 'x' }, 'id'],
    ['an empty name', { id: 'p2', name: '  ' }, 'name'],
    ['__proto__ as id', { id: '__proto__', name: 'x' }, 'id'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const res = await admin('POST', '/stores', body);
    expect(res.status).toBe(400);
    const json = await res.json<z.infer<typeof ErrorBody>>();
    expect(json.code).toBe('BAD_REQUEST');
    expect(json.errors![0]!.field).toBe(field);
  });

  it('404s an unknown store and an empty patch is 400', async () => {
    expect((await admin('GET', '/stores/missing-store')).status).toBe(404);
    expect((await admin('PATCH', '/stores/missing-store', { name: 'x' })).status).toBe(404);
    const id = uniqueId('patch');
    await admin('POST', '/stores', { id, name: 'x' });
    expect((await admin('PATCH', `/stores/${id}`, {})).status).toBe(400);
    expect((await admin('PATCH', `/stores/${id}`, { id: 'other' })).status).toBe(400);
  });
});
