import { describe, expect, it } from 'vitest';
import { app } from '../../src/app';
import { call } from '../helpers';

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const toOpenApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z_]+)/g, '{$1}');

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, found));
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
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
    const served = app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !['/api/openapi.json', '/api/docs'].includes(r.path))
      .map((r) => `${r.method} ${toOpenApiPath(r.path)}`);
    expect(served.length).toBeGreaterThan(10);
    for (const route of served) expect(documented, route).toContain(route);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
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
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-api-key');
  });

  it('exposes the rate limit and caching headers on actual responses', async () => {
    const res = await call('/api/v1/validate', { method: 'POST', headers: { Origin: 'https://shop.example', 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('X-RateLimit-Remaining');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('ETag');
  });

  it('is not offered on the admin API', async () => {
    const res = await call('/api/admin/stores', { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' } });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
