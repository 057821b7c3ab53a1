import { createRoute, z } from '@hono/zod-openapi';
import { ConfigureRequest, ConfigureResult } from '../../api/configure';
import { errorResponses, headers, json, jsonBody, KEY_SECURITY } from '../../api/openapi';
import { PricingFields } from '../../api/pricing';
import { askedOf, requestPricing } from '../../configurator/priced';
import { configurationResponse } from '../../configurator/serve';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';

export const configureApi = newApp().openapi(
  createRoute({
    method: 'post',
    path: '/',
    operationId: 'configure',
    tags: ['Configurator'],
    security: KEY_SECURITY,
    summary: "A partial configuration's field states, each option's availability and why, and its price when complete",
    request: { ...jsonBody(ConfigureRequest), query: z.object(PricingFields) },
    responses: {
      200: { ...json(ConfigureResult, 'The configuration so far'), headers: headers(['Content-Language']) },
      ...errorResponses(400, 401, 403, 404, 409, 503),
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const principal = authorize(c, 'calculate', body.tenant_id);
    const pricing = await requestPricing(c, body.tenant_id, principal, askedOf(body, c.req.valid('query')));
    return configurationResponse(c, body.tenant_id, body, principal.permissions, pricing);
  },
);
