import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { bundle } from '../bundles';
import { docsPage } from '../docs/page';
import type { AppEnv } from '../env';
import { SERVICE_VERSION } from '../version';
import { completeDocument } from './openapi-surfaces';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'CPQ edge API',
    version: SERVICE_VERSION,
    description:
      'Configure, price and quote configurable products. Public API under /api/v1 (API key), backoffice API under /api/admin (admin token). Every endpoint, header, status and error code: docs/api.md; rate limits: docs/rate-limits.md.',
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  },
  servers: [
    { url: '/', description: 'This deployment (every path starts with /api)' },
    { url: 'http://127.0.0.1:8787', description: 'npm run dev' },
  ],
  tags: [
    { name: 'Service', description: 'Health and the API description; no key needed' },
    { name: 'Configurator', description: 'Forms and calculations for storefronts (API key)' },
    { name: 'Schemas', description: 'Checking schemas without saving them (API key)' },
    { name: 'Admin: stores', description: 'Stores (tenants) and their plans (admin token)' },
    { name: 'Admin: API keys', description: "A store's API keys (admin token)" },
    { name: 'Admin: products', description: 'Products and their immutable versions (admin token)' },
    { name: 'Admin: preview', description: 'What the backoffice editor and preview call (admin token)' },
  ],
};

const registered = new WeakSet<object>();

function register(app: OpenAPIHono<AppEnv>) {
  if (registered.has(app)) return;
  registered.add(app);
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The API key as a bearer token',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'AdminToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'ADMIN_TOKEN. The backoffice instead sends its session cookie, plus X-CSRF-Token on changes (docs/backoffice.md).',
  });
  const service = { tags: ['Service'], security: [] };
  app.openAPIRegistry.registerPath({
    ...service,
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document (OpenAPI 3.1)',
    responses: { 200: { description: 'The OpenAPI document', content: { 'application/json': { schema: { type: 'object' } } } } },
  });
  app.openAPIRegistry.registerPath({
    ...service,
    method: 'get',
    path: '/api/docs',
    operationId: 'getApiReference',
    summary: 'The interactive API reference page, built from this document',
    responses: { 200: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
  });
  app.openAPIRegistry.registerPath({
    ...service,
    method: 'get',
    path: '/api/docs.js',
    operationId: 'getApiReferenceScript',
    summary: "The reference page's script (an ES module; revalidated by ETag)",
    responses: {
      200: { description: 'JavaScript', content: { 'text/javascript': { schema: { type: 'string' } } } },
      304: { description: 'Unchanged since the ETag sent in If-None-Match' },
    },
  });
  app.openAPIRegistry.registerPath({
    ...service,
    method: 'head',
    path: '/api/health',
    operationId: 'headHealth',
    summary: 'Service status without a body, for monitors',
    responses: { 200: { description: 'The service is up' } },
  });
}

/** The document /api/openapi.json serves: the routes' own specs, completed with what every route shares. */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  register(app);
  return completeDocument(app.getOpenAPI31Document(OPENAPI_INFO));
}

/**
 * GET /api/openapi.json (generated from the routes' zod schemas), GET /api/docs (the reference page) and
 * GET /api/docs.js (its script, the `docs` browser bundle).
 */
export function docsApi(app: OpenAPIHono<AppEnv>) {
  let document: unknown;
  const script = bundle('docs');
  const etag = `"${script.hash}"`;
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      document ??= openApiDocument(app);
      return c.json(document);
    })
    .get('/docs', (c) => c.html(docsPage))
    .get('/docs.js', (c) => {
      const headers = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', ETag: etag };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      return c.body(script.js, 200, headers);
    });
}
