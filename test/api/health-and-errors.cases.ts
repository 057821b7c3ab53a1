import type { z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pkg from '../../package.json';
import type { ErrorBody } from '../../src/api/openapi';
import type { AppEnv } from '../../src/env';
import { onError } from '../../src/http/on-error';
import { assignRequestId, MAX_SCHEMA_BODY_BYTES } from '../../src/http/request-guards';
import { admin, call, createStore, jsonInit, tenant } from '../helpers';

afterEach(() => vi.restoreAllMocks());

describe('GET /api/health', () => {
  it('answers healthy with the package version and no key', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ status: 'healthy', version: pkg.version });
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors in the spec shape', () => {
  it('unknown routes are 404 NOT_FOUND', async () => {
    const res = await call('/api/v2/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.stringContaining('/api/v2/nothing') });
  });

  it('a wrong method is 405 with Allow', async () => {
    const res = await call('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toContain('GET');
    expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('malformed JSON is 400 BAD_REQUEST', async () => {
    const res = await call('/api/admin/stores', {
      method: 'POST',
      headers: { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' },
      body: '{"id": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', error: expect.stringMatching(/JSON/i) });
  });

  it('a missing field is 400 naming the field', async () => {
    const res = await admin('POST', '/stores', { name: 'No id' });
    expect(res.status).toBe(400);
    const body = await res.json<z.infer<typeof ErrorBody>>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.error).toContain("'id'");
    expect(body.errors).toEqual([{ field: 'id', code: 'REQUIRED', message: 'Required', location: 'body' }]);
  });

  it('a mistyped field is 400 naming the field', async () => {
    const res = await admin('POST', '/stores', { id: 'typed', name: 42 });
    expect(res.status).toBe(400);
    expect((await res.json<z.infer<typeof ErrorBody>>()).errors).toMatchObject([{ field: 'name', code: 'INVALID_TYPE' }]);
  });

  it('words every problem as a plain sentence, or as the schema words it', async () => {
    const storeId = await createStore();
    const messages = async (path: string, body: unknown) =>
      ((await (await admin('POST', path, body)).json<z.infer<typeof ErrorBody>>()).errors ?? []).map((e) => [e.field, e.message]);
    expect(await messages(`/stores/${storeId}/api-keys`, { name: ' ', permissions: [] })).toEqual([
      ['name', 'Must not be empty'],
      ['permissions', 'Choose at least one permission'],
    ]);
    expect(await messages('/stores', { id: 'x', name: 'n'.repeat(201), plan: 'gold' })).toEqual([
      ['name', 'Must be at most 200 characters long'],
      ['plan', 'Must be one of: free, pro, enterprise'],
    ]);
    expect(await messages('/stores', { id: 7, name: 'n' })).toEqual([['id', 'Must be text']]);
    const calc = await admin('POST', `/stores/${storeId}/products/x/calculate`, { configuration: {}, quantity: 1.5 });
    expect((await calc.json<z.infer<typeof ErrorBody>>()).errors).toMatchObject([
      { field: 'quantity', message: 'Must be a whole number' },
    ]);
  });

  it('a body that is not JSON is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await call('/api/admin/stores', {
      method: 'POST',
      headers: { Authorization: 'Bearer test-admin-token', 'Content-Type': 'text/plain' },
      body: 'id=x',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('an oversized body is 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await call(
      '/api/admin/stores',
      jsonInit('POST', { id: 'big', name: 'x'.repeat(1_100_000) }, { Authorization: 'Bearer test-admin-token' }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('an unexpected exception is a masked 500 whose request id is also logged', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(line));
    const app = new Hono<AppEnv>().use(assignRequestId).get('/boom', () => {
      throw new Error('db password is hunter2');
    });
    app.onError(onError);
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const body = await res.json<z.infer<typeof ErrorBody>>();
    expect(body.code).toBe('INTERNAL');
    expect(body.error).not.toContain('hunter2');
    expect(body.request_id).toBe(res.headers.get('X-Request-Id'));
    expect(logged.join('\n')).toContain(body.request_id);
  });
});

describe('rate limit headers on refusals made before routing', () => {
  it.each([
    ['405 on /api/openapi.json', async () => call('/api/openapi.json', { method: 'DELETE' }), 405],
    ['405 on /api/v1', async (h: Record<string, string>) => call('/api/v1/calculate', { method: 'GET', headers: h }), 405],
    [
      '415 on /api/v1',
      async (h: Record<string, string>) =>
        call('/api/v1/validate', { method: 'POST', headers: { ...h, 'Content-Type': 'text/plain' }, body: 'x' }),
      415,
    ],
    [
      '413 on /api/v1',
      async (h: Record<string, string>) =>
        call('/api/v1/validate', jsonInit('POST', { schema: 'x'.repeat(MAX_SCHEMA_BODY_BYTES) }, h)),
      413,
    ],
    ['401 on /api/v1', async () => call('/api/v1/validate', jsonInit('POST', { schema: '' })), 401],
    ['404 on an unknown /api path', async () => call('/api/nothing-here'), 404],
    ['200 on /api/openapi.json', async () => call('/api/openapi.json'), 200],
  ])('%s carries X-RateLimit-*', async (_, send, status) => {
    const { headers } = await tenant('pro');
    const res = await send(headers);
    expect(res.status).toBe(status);
    expect(res.headers.get('X-RateLimit-Limit')).toMatch(/^\d+$/);
    expect(res.headers.get('X-RateLimit-Remaining')).toMatch(/^\d+$/);
    expect(res.headers.get('X-RateLimit-Reset')).toMatch(/^\d+$/);
  });
});

describe('health for monitors and status pages', () => {
  const from = (address: string, init: RequestInit = {}) =>
    call('/api/health', { ...init, headers: { 'CF-Connecting-IP': address, ...(init.headers as Record<string, string>) } });

  it('spends no budget: 150 polls from one address in a row all answer 200, marked unlimited', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 150; i += 1) {
      const res = await from(address);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    const last = await from(address);
    expect(last.headers.get('X-RateLimit-Limit')).toBe('unlimited');
    expect(last.headers.get('X-RateLimit-Remaining')).toBe('unlimited');
    expect(Number(last.headers.get('X-RateLimit-Reset'))).toBeGreaterThan(Date.now() / 1000);
    // The address's budget for everything else is untouched.
    const docs = await call('/api/openapi.json', { headers: { 'CF-Connecting-IP': address } });
    expect(docs.headers.get('X-RateLimit-Remaining')).toBe('119');
  });

  it('answers HEAD without a body', async () => {
    const res = await call('/api/health', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('answers a CORS preflight and carries CORS headers, so a status page in a browser can poll it', async () => {
    const preflight = await call('/api/health', {
      method: 'OPTIONS',
      headers: { Origin: 'https://status.example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('GET');
    const res = await call('/api/health', { headers: { Origin: 'https://status.example.org' } });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('X-RateLimit-Remaining');
  });
});

describe('401 names the scheme', () => {
  it.each([
    ['/api/v1 without a key', () => call('/api/v1/validate', jsonInit('POST', { schema: '' }))],
    [
      '/api/v1 with an unknown key',
      () => call('/api/v1/validate', jsonInit('POST', { schema: '' }, { 'X-API-Key': 'cpq_nope' })),
    ],
    ['/api/admin without a token', () => call('/api/admin/stores')],
  ])('%s carries WWW-Authenticate', async (_, send) => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer realm="cpq"');
  });
});
