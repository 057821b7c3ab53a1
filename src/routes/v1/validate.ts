import { createRoute } from '@hono/zod-openapi';
import { errorResponses, json, jsonBody, KEY_SECURITY } from '../../api/openapi';
import { SchemaBody, ValidationResult } from '../../api/validate';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';
import { validationResult } from '../../products/diagnostics';

export const validateApi = newApp().openapi(
  createRoute({
    method: 'post',
    path: '/',
    operationId: 'validateSchema',
    tags: ['Schemas'],
    security: KEY_SECURITY,
    summary: 'Check a schema without saving it; an invalid schema still answers 200 with valid: false',
    request: jsonBody(SchemaBody),
    responses: { 200: json(ValidationResult, 'The diagnostics'), ...errorResponses(400, 401, 403) },
  }),
  (c) => {
    authorize(c, 'schema:validate');
    return c.json(validationResult(c.req.valid('json').schema), 200);
  },
);
