import { createRoute, z } from '@hono/zod-openapi';
import { Insights, InsightsQuery } from '../../api/insights';
import { errorResponses, json, KEY_SECURITY } from '../../api/openapi';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';
import { storeInsights } from '../../quotes/service/insights';
import { presentInsights } from './present-insights';

// A store's figures for its own BI tools (docs/api.md, "Insights"): the admin API's, with a key holding insights:read.

export const insightsApi = newApp().openapi(
  createRoute({
    method: 'get',
    path: '/',
    operationId: 'getInsights',
    tags: ['Insights'],
    security: KEY_SECURITY,
    summary: "The store's pipeline, wins and losses, discounts, times, top products and options over a period",
    request: {
      query: z.object({
        tenant_id: z.string().min(1).openapi({ description: 'The store the key belongs to' }),
        ...InsightsQuery,
      }),
    },
    responses: { 200: json(Insights, "The store's figures"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { tenant_id, ...query } = c.req.valid('query');
    authorize(c, 'insights:read', tenant_id);
    return c.json(presentInsights(tenant_id, await storeInsights(c.env, tenant_id, query)), 200);
  },
);
