import { createRoute, z } from '@hono/zod-openapi';
import { ProductParams } from '../../api/admin/params';
import { CalculationResult, ValidationFailed } from '../../api/calculate';
import { formResponses } from '../../api/form';
import {
  ADMIN_SECURITY,
  ConditionalHeaders,
  errorResponses,
  FieldValues,
  headers,
  json,
  jsonBody,
  Lang,
  OutputGroups,
  Quantity,
} from '../../api/openapi';
import { PERMISSIONS } from '../../api/permissions';
import { SchemaBody, ValidationResult } from '../../api/validate';
import { MODEL_PRICES } from '../../configurator/priced';
import { calculationResponse, formResponse } from '../../configurator/serve';
import { newApp } from '../../http/factory';
import { validationResult } from '../../products/diagnostics';

// The backoffice previews a product exactly as a storefront would see it, through the same code as /api/v1,
// with the admin's rights instead of an API key's.

const tags = ['Admin: preview'];
const States = z
  .object({
    fields: z.array(z.object({ id: z.string(), visible: z.boolean(), enabled: z.boolean(), required: z.boolean() }).strict()),
    groups: z.array(z.object({ id: z.string(), visible: z.boolean(), enabled: z.boolean() }).strict()),
  })
  .strict()
  .openapi('FieldStates', { description: "Each field's and group's state under the configuration" });

export const PreviewCalculation = z
  .object({ ...CalculationResult.shape, states: States })
  .strict()
  .openapi('PreviewCalculation');
export const PreviewRejected = z
  .object({ ...ValidationFailed.shape, states: States })
  .strict()
  .openapi('PreviewRejected');

/** The body of a preview calculation, of a saved version or of the draft. */
export const PreviewCalculateBody = z
  .object({
    configuration: FieldValues,
    quantity: Quantity.optional(),
    lang: Lang.optional(),
    output_groups: OutputGroups.optional(),
  })
  .strict();

export const previewApi = newApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/validate',
      operationId: 'adminValidateSchema',
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
      operationId: 'adminGetProductForm',
      tags,
      security: ADMIN_SECURITY,
      summary: "A saved product's form, as /v1/products/{id}/form serves it",
      request: { params: ProductParams, query: z.object({ lang: Lang.optional() }), headers: ConditionalHeaders },
      responses: { ...formResponses, ...errorResponses(400, 401, 404, 503) },
    }),
    (c) => {
      const { store_id, external_id } = c.req.valid('param');
      return formResponse(c, store_id, external_id, c.req.valid('query').lang, MODEL_PRICES);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/stores/{store_id}/products/{external_id}/calculate',
      operationId: 'adminCalculate',
      tags,
      security: ADMIN_SECURITY,
      summary: "Calculate a saved product as /v1/calculate does, with every output group available and each field's state",
      request: {
        params: ProductParams,
        ...jsonBody(PreviewCalculateBody),
      },
      responses: {
        200: {
          ...json(PreviewCalculation, 'The calculation and the states'),
          headers: headers(['Content-Language']),
        },
        422: {
          ...json(PreviewRejected, 'Invalid configuration, and the states'),
          headers: headers(['Content-Language']),
        },
        ...errorResponses(400, 401, 403, 404, 503),
      },
    }),
    (c) => {
      const { store_id, external_id } = c.req.valid('param');
      // With states (the last argument) both answers carry `states`, which calculationResponse's type cannot say.
      const body = { ...c.req.valid('json'), product_id: external_id };
      return calculationResponse(c, store_id, body, PERMISSIONS, MODEL_PRICES, true) as never;
    },
  );
