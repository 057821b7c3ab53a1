import { createRoute, z } from '@hono/zod-openapi';
import { calculationResponse } from '../../cpq/serve';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';
import { FieldValues, KEY_SECURITY, errorResponses, json, jsonBody } from '../openapi-helpers';

const Issue = z
  .object({ code: z.string(), message: z.string(), field: z.string().optional(), rule: z.string().optional() })
  .openapi('Issue');

export const CalculateRequest = z
  .object({
    tenant_id: z.string().min(1),
    product_id: z.string().min(1).max(128),
    configuration: FieldValues,
    quantity: z.number().optional().openapi({ description: "Default: the product's default quantity (1 unless the schema sets it)" }),
    lang: z.string().max(35).optional(),
    output_groups: z
      .array(z.string().min(1))
      .max(100)
      .optional()
      .openapi({ description: 'Omitted: customer-facing groups. A list: exactly those. ["*"]: all, production data (BOM) included.' }),
  })
  .openapi('CalculateRequest');

export const CalculationResult = z
  .object({
    product_id: z.string(),
    version: z.number().int(),
    language: z.string(),
    configuration: z.record(z.string(), z.unknown()),
    result: z.object({
      totals: z.object({ price: z.number(), unit_price: z.number(), subtotal: z.number(), discount: z.number(), currency: z.string() }),
      lines: z.array(z.object({ id: z.string(), kind: z.enum(['line', 'surcharge', 'discount']), label: z.string(), amount: z.number() })),
      groups: z.record(z.string(), z.record(z.string(), z.number())),
    }),
    quantity: z.object({ value: z.number().int(), min: z.number().int(), max: z.number().int(), step: z.number().int() }),
    warnings: z.array(Issue),
    errors: z.array(Issue),
  })
  .openapi('CalculationResult');

export const ValidationFailed = z
  .object({ error: z.string(), code: z.literal('VALIDATION_FAILED'), errors: z.array(Issue), warnings: z.array(Issue) })
  .openapi('CalculationRejected');

export const calculateApi = newApp().openapi(
  createRoute({
    method: 'post',
    path: '/',
    tags: ['Configurator'],
    security: KEY_SECURITY,
    summary: 'Price a configuration and compute its outputs (BOM and other groups)',
    request: jsonBody(CalculateRequest),
    responses: {
      200: json(CalculationResult, 'The calculation'),
      422: json(ValidationFailed, 'The configuration is invalid: errors lists every problem, in the requested language'),
      ...errorResponses(400, 401, 403, 404, 429),
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const principal = authorize(c, 'calculate', body.tenant_id);
    return calculationResponse(c, body.tenant_id, body, principal.permissions);
  },
);
