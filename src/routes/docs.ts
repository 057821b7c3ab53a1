import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { docsPage } from '../docs/page';
import type { AppEnv } from '../env';
import { SERVICE_VERSION } from '../version';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'CPQ edge API',
    version: SERVICE_VERSION,
    description:
      'Configure, price and quote configurable products. Public API under /api/v1 (API key), backoffice API under /api/admin (admin token).',
  },
  servers: [{ url: '/' }],
};

/** GET /api/openapi.json (generated from the routes' zod schemas) and GET /api/docs (a self-contained reference page). */
export function docsApi(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', { type: 'http', scheme: 'bearer', description: 'The API key as a bearer token' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'AdminToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'ADMIN_TOKEN. The backoffice instead sends its session cookie, plus X-CSRF-Token on changes (docs/backoffice.md).',
  });
  let document: unknown;
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json((document ??= app.getOpenAPI31Document(OPENAPI_INFO))))
    .get('/docs', (c) => c.html(docsPage));
}
