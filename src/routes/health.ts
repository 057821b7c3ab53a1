import { createRoute, z } from '@hono/zod-openapi';
import { newApp } from '../http/factory';
import { SERVICE_VERSION } from '../version';

const Health = z
  .object({ status: z.literal('healthy'), version: z.string() })
  .openapi('Health', { example: { status: 'healthy', version: SERVICE_VERSION } });

export const health = newApp().openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags: ['Service'],
    summary: 'Service status and version (no key needed)',
    responses: { 200: { description: 'The service is up', content: { 'application/json': { schema: Health } } } },
  }),
  (c) => c.json({ status: 'healthy' as const, version: SERVICE_VERSION }, 200),
);
