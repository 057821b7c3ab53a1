import { createRoute, z } from '@hono/zod-openapi';
import { StoreParams } from '../../api/admin/params';
import { Insights, InsightsQuery } from '../../api/insights';
import { ADMIN_SECURITY, errorResponses, json } from '../../api/openapi';
import { newApp } from '../../http/factory';
import { storeInsights } from '../../quotes/service/insights';
import { presentInsights } from '../v1/present-insights';

// The store overview's figures (docs/api.md, "Insights"), which the backoffice's first store page shows.

export const adminInsightsApi = newApp().openapi(
  createRoute({
    method: 'get',
    path: '/{store_id}/insights',
    operationId: 'adminStoreInsights',
    tags: ['Admin: quotes'],
    security: ADMIN_SECURITY,
    summary: "A store's pipeline, wins and losses, discounts, times, top products and options over a period",
    request: { params: StoreParams, query: z.object(InsightsQuery) },
    responses: { 200: json(Insights, "The store's figures"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { store_id } = c.req.valid('param');
    return c.json(presentInsights(store_id, await storeInsights(c.env, store_id, c.req.valid('query'))), 200);
  },
);
