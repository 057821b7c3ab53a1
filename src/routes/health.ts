import { createRoute, z } from '@hono/zod-openapi';
import { json, NO_SECURITY } from '../api/openapi';
import { newApp } from '../http/factory';
import { SERVICE_VERSION } from '../version';

const Health = z
  .object({ status: z.literal('healthy'), version: z.string() })
  .strict()
  .openapi('Health', { example: { status: 'healthy', version: SERVICE_VERSION } });

export const health = newApp().openapi(
  createRoute({
    method: 'get',
    path: '/',
    operationId: 'getHealth',
    tags: ['Service'],
    security: NO_SECURITY,
    summary: 'Service status and version (no key needed; HEAD too; not counted against any budget)',
    responses: { 200: json(Health, 'The service is up') },
  }),
  (c) => c.json({ status: 'healthy' as const, version: SERVICE_VERSION }, 200),
);
