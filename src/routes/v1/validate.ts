import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonBody, KEY_SECURITY } from '../../api/openapi';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';
import { ValidationResult, validationResult } from '../../products/diagnostics';

export const SchemaBody = z
  .object({ schema: z.string().openapi({ description: 'The schema source; line breaks inside the string' }) })
  .strict()
  .openapi('SchemaBody');

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
