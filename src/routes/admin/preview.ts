import { createRoute, z } from '@hono/zod-openapi';
import { calculationResponse, formResponse } from '../../cpq/serve';
import { newApp } from '../../http/factory';
import { PERMISSIONS } from '../../keys/permissions';
import { ValidationResult, validationResult } from '../../products/diagnostics';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../openapi-helpers';
import { CalculateRequest } from '../v1/calculate';
import { SchemaBody } from '../v1/validate';
import { ProductParams } from './params';

// The backoffice previews a product exactly as a storefront would see it, through the same code as /api/v1,
// with the admin's rights instead of an API key's.


const tags = ['Admin: preview'];
const AnyJson = z.record(z.string(), z.unknown());

export const previewApi = newApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/validate',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Validate a schema draft (as /v1/validate, for the schema editor)',
      request: jsonBody(SchemaBody),
      responses: { 200: json(ValidationResult, 'The diagnostics'), ...errorResponses(400, 401) },
    }),
    (c) => c.json(validationResult(c.req.valid('json').schema), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/stores/{store_id}/products/{external_id}/form',
      tags,
      security: ADMIN_SECURITY,
      summary: "A saved product's form, as /v1/products/{id}/form serves it",
      request: { params: ProductParams, query: z.object({ lang: z.string().max(35).optional() }) },
      responses: { 200: json(AnyJson, 'The form'), 304: { description: 'Not modified' }, ...errorResponses(400, 401, 404) },
    }),
    (c) => {
      const { store_id, external_id } = c.req.valid('param');
      return formResponse(c, store_id, external_id, c.req.valid('query').lang);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/stores/{store_id}/products/{external_id}/calculate',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Calculate a saved product as /v1/calculate does, with every output group available and each field\'s state',
      request: {
        params: ProductParams,
        // The public request's fields; the store and product come from the path.
        ...jsonBody(CalculateRequest.omit({ tenant_id: true, product_id: true })),
      },
      responses: { 200: json(AnyJson, 'The calculation'), 422: json(AnyJson, 'Invalid configuration'), ...errorResponses(400, 401, 404) },
    }),
    (c) => {
      const { store_id, external_id } = c.req.valid('param');
      return calculationResponse(c, store_id, { ...c.req.valid('json'), product_id: external_id }, PERMISSIONS, true);
    },
  );
