import { createRoute, z } from '@hono/zod-openapi';
import { CalculateRequest, CalculationResult, ValidationFailed } from '../../api/calculate';
import { errorResponses, headers, json, jsonBody, KEY_SECURITY } from '../../api/openapi';
import { PricingFields } from '../../api/pricing';
import { askedOf, requestPricing } from '../../configurator/priced';
import { calculationResponse } from '../../configurator/serve';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';

export const calculateApi = newApp().openapi(
  createRoute({
    method: 'post',
    path: '/',
    operationId: 'calculate',
    tags: ['Configurator'],
    security: KEY_SECURITY,
    summary: 'Price a configuration and compute its outputs (BOM and other groups)',
    request: { ...jsonBody(CalculateRequest), query: z.object(PricingFields) },
    responses: {
      200: { ...json(CalculationResult, 'The calculation'), headers: headers(['Content-Language']) },
      422: {
        ...json(ValidationFailed, 'The configuration is invalid: errors lists every problem, in the requested language'),
        headers: headers(['Content-Language']),
      },
      ...errorResponses(400, 401, 403, 404, 409, 503),
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const principal = authorize(c, 'calculate', body.tenant_id);
    const pricing = await requestPricing(c, body.tenant_id, principal, askedOf(body, c.req.valid('query')));
    return calculationResponse(c, body.tenant_id, body, principal.permissions, pricing);
  },
);
