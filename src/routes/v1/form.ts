import { createRoute, z } from '@hono/zod-openapi';
import { formResponses } from '../../api/form';
import { ConditionalHeaders, errorResponses, KEY_SECURITY, Lang } from '../../api/openapi';
import { PricingFields } from '../../api/pricing';
import { requestPricing } from '../../configurator/priced';
import { formResponse } from '../../configurator/serve';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';

export const formApi = newApp().openapi(
  createRoute({
    method: 'get',
    path: '/{product_id}/form',
    operationId: 'getProductForm',
    tags: ['Configurator'],
    security: KEY_SECURITY,
    summary: "The product's configurator form in the requested language",
    request: {
      params: z.object({
        product_id: z
          .string()
          .min(1)
          .max(128)
          .openapi({ param: { name: 'product_id', in: 'path' } }),
      }),
      query: z.object({
        tenant_id: z.string().min(1).openapi({ description: 'The store the key belongs to' }),
        lang: Lang.optional(),
        ...PricingFields,
      }),
      headers: ConditionalHeaders,
    },
    responses: { ...formResponses, ...errorResponses(400, 401, 403, 404, 409, 503) },
  }),
  async (c) => {
    const { product_id } = c.req.valid('param');
    const { tenant_id, lang, market, group } = c.req.valid('query');
    const key = authorize(c, 'form:read', tenant_id);
    return formResponse(c, tenant_id, product_id, lang, await requestPricing(c, tenant_id, key, { market, group }));
  },
);
