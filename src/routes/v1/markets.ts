import { createRoute, z } from '@hono/zod-openapi';
import { presentTax } from '../../api/admin/markets';
import { KeyMarkets } from '../../api/markets';
import { errorResponses, json, KEY_SECURITY } from '../../api/openapi';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';
import { resolvePricing } from '../../markets/resolve';
import { readSnapshot } from '../../markets/service/snapshot';

// The markets a key may use and the group it prices for, for a storefront's market switch (docs/api.md).

export const marketsApi = newApp().openapi(
  createRoute({
    method: 'get',
    path: '/',
    operationId: 'listKeyMarkets',
    tags: ['Markets'],
    security: KEY_SECURITY,
    summary: 'The markets this key may price in, and its customer group',
    request: { query: z.object({ tenant_id: z.string().min(1).openapi({ description: 'The store the key belongs to' }) }) },
    responses: { 200: json(KeyMarkets, "The key's markets"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const { tenant_id } = c.req.valid('query');
    const key = authorize(c, 'form:read', tenant_id);
    // What a request naming no market gets is the default this key sees.
    const resolved = await resolvePricing(c.env, tenant_id, key, {}, Date.now());
    const snapshot = await readSnapshot(c.env, tenant_id);
    const limits = key.markets ?? null;
    const markets = (snapshot?.markets ?? [])
      .filter((m) => limits === null || limits.includes(m.id))
      .map((m) => ({
        id: m.id,
        name: m.name,
        currency: m.currency,
        countries: m.countries,
        language: m.language,
        tax: presentTax(m),
        default: m.id === resolved.market?.id,
      }));
    return c.json({ markets, group: resolved.group }, 200);
  },
);
