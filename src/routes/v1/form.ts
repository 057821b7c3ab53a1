import { createRoute, z } from '@hono/zod-openapi';
import { JsonLogic } from '../../api/conditions';
import { FormField } from '../../api/form-field';
import { OutputInfo } from '../../cpq/output-info';
import { formResponse } from '../../cpq/serve';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';
import { ConditionalHeaders, errorResponses, headers, json, KEY_SECURITY, Lang } from '../openapi-helpers';

export const ProductForm = z
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
    logic_values: z.record(z.string(), JsonLogic).openapi({
      description:
        'The values (fields, lets) conditions read with {"value": name}: each as JSON Logic over the configuration as sent',
    }),
    output_info: z.record(z.string(), OutputInfo).openapi({
      description: 'The public output groups a calculation returns by default: labels, units and item types',
    }),
  })
  .passthrough()
  .openapi('ProductForm');

const FORM_HEADERS = headers(['ETag', 'Cache-Control', 'Content-Language']);

/** The form's 200 and 304, shared with the backoffice preview's form route. */
export const formResponses = {
  200: { ...json(ProductForm, 'The form'), headers: FORM_HEADERS },
  304: { description: 'Not modified: If-None-Match names the current ETag', headers: FORM_HEADERS },
};

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
      }),
      headers: ConditionalHeaders,
    },
    responses: { ...formResponses, ...errorResponses(400, 401, 403, 404, 503) },
  }),
  async (c) => {
    const { product_id } = c.req.valid('param');
    const { tenant_id, lang } = c.req.valid('query');
    authorize(c, 'form:read', tenant_id);
    return formResponse(c, tenant_id, product_id, lang);
  },
);
