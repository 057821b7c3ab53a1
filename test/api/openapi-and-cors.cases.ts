import { describe, expect, it } from 'vitest';
import { app } from '../../src/app';
import { SHELF } from '../fixtures/shelf';
import { call, createKey, jsonInit, saveProduct, tenant } from '../helpers';

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const toOpenApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z_]+)/g, '{$1}');

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refs(n, found);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) k === '$ref' && typeof v === 'string' ? found.push(v) : refs(v, found);
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that describes every API route', async () => {
    const res = await call('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const served = app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !['/api/openapi.json', '/api/docs'].includes(r.path))
      .map((r) => `${r.method} ${toOpenApiPath(r.path)}`);
    expect(served.length).toBeGreaterThan(10);
    for (const route of served) expect(documented, route).toContain(route);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops))
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });

  it('resolves every $ref and names the security schemes it uses', async () => {
    const doc = await (await call('/api/openapi.json')).json<Doc>();
    for (const ref of refs(doc)) {
      const name = ref.replace('#/components/schemas/', '');
      expect(doc.components.schemas, ref).toHaveProperty(name);
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['AdminToken', 'ApiKey', 'Bearer']);
  });

  it('names every operation, and documents the statuses and headers the guards add', async () => {
    type Op = {
      operationId?: string;
      security?: unknown[];
      requestBody?: { content: Record<string, unknown> };
      parameters?: { name: string; in: string }[];
      responses: Record<string, { headers?: Record<string, { required?: boolean }> }>;
    };
    const doc = await (await call('/api/openapi.json')).json<Doc & { info: { license?: unknown }; servers?: unknown[] }>();
    expect(doc.info.license).toBeTruthy();
    expect(doc.servers?.length).toBeGreaterThan(0);
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op: op as Op })),
    );
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of ops) {
      const where = `${method} ${path}`;
      expect(op.responses, where).toHaveProperty('405');
      expect(op.responses, where).toHaveProperty('500');
      expect(op.responses['200'] ?? op.responses['201'] ?? op.responses['202'] ?? op.responses['204'], where).toBeTruthy();
      for (const response of Object.values(op.responses)) expect(response.headers?.['X-Request-Id']?.required, where).toBe(true);
      if (op.requestBody) expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['413', '415']));
      if (path.startsWith('/api/v1/')) {
        expect(op.responses['429']?.headers?.['Retry-After']?.required, where).toBe(true);
        expect(op.responses['401']?.headers?.['WWW-Authenticate']?.required, where).toBe(true);
        expect((op.responses['200'] ?? op.responses['201'])?.headers?.['X-RateLimit-Remaining']?.required, where).toBe(true);
      }
    }
    const paths = doc.paths as unknown as Record<string, Record<string, Op>>;
    expect(paths['/api/health']!.get!.security).toEqual([]);
    expect(paths['/api/health']!.head!.security).toEqual([]);
    expect(paths['/api/v1/products/{product_id}/form']!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'If-None-Match', in: 'header' }),
    );
    expect(paths['/api/v1/products/{product_id}/form']!.get!.responses['304']?.headers?.ETag?.required).toBe(true);
    expect(Object.keys(paths['/api/admin/stores/{store_id}/products/{external_id}']!.put!.requestBody!.content).sort()).toEqual([
      'application/json',
      'text/plain',
    ]);
    const request = doc.components.schemas.CalculateRequest as {
      properties: Record<string, { type: string }>;
      additionalProperties: boolean;
    };
    expect(request.properties.quantity!.type).toBe('integer');
    expect(request.additionalProperties).toBe(false);
  });

  it('serves the interactive reference at /api/docs', async () => {
    const res = await call('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('/api/openapi.json');
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
  });
});

describe('CORS on /api/v1', () => {
  it('answers a preflight for any origin with the key headers allowed', async () => {
    const res = await call('/api/v1/calculate', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, x-api-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-api-key');
  });

  it('exposes the rate limit and caching headers on actual responses', async () => {
    const res = await call('/api/v1/validate', {
      method: 'POST',
      headers: { Origin: 'https://shop.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('X-RateLimit-Remaining');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('ETag');
  });

  it('puts its headers on every kind of answer, beside the request id, the rate-limit and the security headers', async () => {
    const { storeId, headers } = await tenant('pro');
    await saveProduct(storeId, 'shelf', SHELF);
    const { key: formOnly } = await createKey(storeId, ['form:read']);
    const origin = { Origin: 'https://shop.example' };
    const calculate = (body: unknown, extra: Record<string, string> = headers) =>
      call('/api/v1/calculate', jsonInit('POST', body, { ...origin, ...extra }));
    const priced = { tenant_id: storeId, product_id: 'shelf', configuration: { width: 600 } };
    const form = await call(`/api/v1/products/shelf/form?tenant_id=${storeId}`, { headers: { ...origin, ...headers } });
    const answers: [number, Response][] = [
      [200, await calculate(priced)],
      [200, form],
      [
        304,
        await call(`/api/v1/products/shelf/form?tenant_id=${storeId}`, {
          headers: { ...origin, ...headers, 'If-None-Match': form.headers.get('ETag') ?? '' },
        }),
      ],
      [400, await calculate({ tenant_id: storeId })],
      [401, await calculate(priced, {})],
      [403, await calculate(priced, { 'X-API-Key': formOnly })],
      [404, await calculate({ ...priced, product_id: 'none' })],
      [405, await call('/api/v1/calculate', { method: 'GET', headers: { ...origin, ...headers } })],
      [415, await call('/api/v1/calculate', { method: 'POST', headers: { ...origin, ...headers }, body: 'x' })],
      [422, await calculate({ ...priced, configuration: { width: 5000 } })],
    ];
    for (const [status, res] of answers) {
      expect(res.status).toBe(status);
      expect(res.headers.get('Access-Control-Allow-Origin'), String(status)).toBe('*');
      expect(res.headers.get('Access-Control-Expose-Headers'), String(status)).toBe(
        'ETag,Content-Language,X-Request-Id,Retry-After,X-RateLimit-Limit,X-RateLimit-Remaining,X-RateLimit-Reset,RateLimit,RateLimit-Policy',
      );
      expect(res.headers.get('X-Request-Id'), String(status)).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('X-RateLimit-Remaining'), String(status)).toMatch(/^\d+$/);
      expect(res.headers.get('X-Content-Type-Options'), String(status)).toBe('nosniff');
    }
    for (const [, res] of answers.filter(([status]) => status === 200 || status === 422))
      expect(res.headers.get('Content-Language')).toBe('en');
  });

  it('is not offered on the admin API', async () => {
    const res = await call('/api/admin/stores', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
