import { z } from '@hono/zod-openapi';
import { ERROR_CODES } from '../errors';

export const ErrorBody = z
  .object({
    error: z.string(),
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    details: z.unknown().optional(),
    errors: z.array(z.unknown()).optional(),
    request_id: z.string().optional(),
  })
  .openapi('Error', { example: { error: 'Missing API key', code: 'UNAUTHORIZED' } });

const DESCRIPTIONS: Record<number, string> = {
  304: 'Not modified: the ETag still matches',
  400: 'Invalid request: malformed JSON or a missing or mistyped field (details name it)',
  401: 'Missing or invalid credentials',
  403: 'The key lacks access to this tenant or this operation',
  404: 'Not found',
  409: 'Conflict: it already exists',
  422: 'Validation failed (errors lists each problem)',
  429: 'Rate limited: retry after Retry-After seconds',
};

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { 'application/json': { schema } } } };
}

export function errorResponses<S extends number>(...statuses: S[]): Record<S, ReturnType<typeof json<typeof ErrorBody>>> {
  return Object.fromEntries(statuses.map((s) => [s, json(ErrorBody, DESCRIPTIONS[s] ?? 'Error')])) as Record<
    S,
    ReturnType<typeof json<typeof ErrorBody>>
  >;
}

type SecurityRequirement = Record<string, string[]>;

/** Public routes take the API key in either header (spec §5.2). */
export const KEY_SECURITY: SecurityRequirement[] = [{ ApiKey: [] }, { Bearer: [] }];
export const ADMIN_SECURITY: SecurityRequirement[] = [{ AdminToken: [] }];

/**
 * A JSON object of field id → value, kept exactly as sent: z.record would rebuild it and drop a key such as
 * `__proto__`, which must instead reach validation and be reported as an unknown field.
 */
export const FieldValues = z
  .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
    message: 'Expected an object mapping field ids to values',
  })
  .openapi({ type: 'object', additionalProperties: true, description: 'Field id → value (numbers, option ids, booleans, strings)', example: { width: 1200, glass: 'triple' } });
