import { createRoute, z } from '@hono/zod-openapi';
import { formResponse } from '../../cpq/serve';
import { FormField } from '../../lang/fields/form-schema';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';
import { KEY_SECURITY, errorResponses, json } from '../openapi-helpers';

const ProductForm = z
  .object({
    product_id: z.string(),
    version: z.number().int(),
    name: z.string(),
    language: z.string(),
    languages: z.array(z.string()),
    currency: z.string(),
    layout: z.enum(['sections', 'tabs', 'accordion', 'inline']),
    groups: z.array(z.object({ id: z.string(), label: z.string(), fields: z.array(FormField) }).passthrough()),
    quantity: z.object({ min: z.number().int(), max: z.number().int(), step: z.number().int(), default: z.number().int() }),
  })
  .passthrough()
  .openapi('ProductForm');

export const formApi = newApp().openapi(
  createRoute({
    method: 'get',
    path: '/{product_id}/form',
    tags: ['Configurator'],
    security: KEY_SECURITY,
    summary: "The product's configurator form in the requested language",
    request: {
      params: z.object({ product_id: z.string().min(1).max(128).openapi({ param: { name: 'product_id', in: 'path' } }) }),
      query: z.object({
        tenant_id: z.string().min(1).openapi({ description: 'The store the key belongs to' }),
        lang: z.string().max(35).optional().openapi({ description: 'BCP 47 tag, default en; falls back de-CH → de → the product default' }),
      }),
    },
    responses: {
      200: json(ProductForm, 'The form'),
      304: { description: 'Not modified' },
      ...errorResponses(400, 401, 403, 404, 429),
    },
  }),
  async (c) => {
    const { product_id } = c.req.valid('param');
    const { tenant_id, lang } = c.req.valid('query');
    authorize(c, 'form:read', tenant_id);
    return formResponse(c, tenant_id, product_id, lang);
  },
);
