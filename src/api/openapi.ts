import { z } from '@hono/zod-openapi';
import { ERROR_CODES, REQUEST_PROBLEM_CODES } from '../errors';

export const FieldProblem = z
  .object({
    field: z.string().nullable().openapi({ description: 'Dotted path of the field; null for the whole body, query or path' }),
    code: z.enum(REQUEST_PROBLEM_CODES),
    message: z.string(),
    location: z.enum(['body', 'query', 'path', 'header']),
  })
  .openapi('FieldProblem');

/** How many entries each capped list left out (only the lists that were cut). */
export const Truncated = z.record(z.string(), z.number().int().positive()).openapi('Truncated', {
  description: 'Lists capped (at 100 entries, or as the operation documents): list name → how many entries were left out',
});

export const ErrorBody = z
  .object({
    error: z.string(),
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: 'Facts about the error; its keys depend on the code (docs/api.md, "Errors")' }),
    errors: z
      .array(FieldProblem)
      .max(100)
      .optional()
      .openapi({ description: 'On 400: every problem with a field of the request' }),
    truncated: Truncated.optional(),
    request_id: z.string().optional().openapi({ description: 'On 500: quote it to support' }),
  })
  .strict()
  .openapi('Error', { example: { error: 'Missing API key: send X-API-Key or Authorization: Bearer', code: 'UNAUTHORIZED' } });

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: malformed JSON, a body that is not valid UTF-8 (INVALID_ENCODING), or problems with fields (errors lists each)',
  401: 'Missing or invalid credentials',
  403: 'The key lacks access to this tenant or this operation',
  404: 'Not found',
  409: 'Conflict: it already exists, or (ILLEGAL_TRANSITION) the change is not allowed in its current status, or (NO_PRICE_LIST) a market in another currency than the model has no price list in force',
  412: 'PRECONDITION_FAILED: If-Match names an older version; details.version and the ETag give the current one',
  413: 'The body or the schema in it is too large (details.max_bytes)',
  422: 'Validation failed (errors lists each problem)',
  503: "The product's stored version was compiled by an older release and its source no longer compiles; save the schema again",
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
/** Health and the API's own description need no credentials. */
export const NO_SECURITY: SecurityRequirement[] = [];

/** A language tag, as `lang` takes it in queries and bodies. */
export const Lang = z
  .string()
  .max(35)
  .openapi({ description: 'BCP 47 tag, default en; falls back de-CH → de → the product default', example: 'de-CH' });

/** A quantity as a calculation takes it: a whole number (the product's min, max and step are checked with 422). */
export const Quantity = z
  .number()
  .int()
  .openapi({ description: "Default: the product's default quantity (1 unless the schema sets it)", example: 2 });

/** The output_groups list of a calculation. */
export const OutputGroups = z
  .array(z.string().min(1))
  .max(100)
  .openapi({
    description:
      'Omitted: customer-facing groups. A list: exactly those (an internal one needs production:read, else 403). ["*"]: every group this key may read; withheld_groups names the ones left out.',
    example: ['*'],
  });

/**
 * A JSON object of field id → value, kept exactly as sent: z.record would rebuild it and drop a key such as
 * `__proto__`, which must instead reach validation and be reported as an unknown field.
 */
export const FieldValues = z
  .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
    message: 'Expected an object mapping field ids to values',
  })
  .openapi({
    type: 'object',
    additionalProperties: true,
    description: 'Field id → value (numbers, option ids, booleans, strings)',
    example: { width: 1200, glass: 'triple' },
  });

/** If-None-Match, for the routes that answer 304. */
export const ConditionalHeaders = z.object({
  'If-None-Match': z
    .string()
    .optional()
    .openapi({
      param: { name: 'If-None-Match', in: 'header' },
      description: 'An ETag from an earlier answer: 304 when it still matches',
      example: '"3f2a9c1d4b5e6f70-v3-de"',
    }),
});

/** Every response header the API sends, described once; routes and the document's surfaces pick from these. */
export const HEADERS = {
  'X-Request-Id': { description: "This request's id, also in the logs", schema: { type: 'string', format: 'uuid' } },
  'X-Content-Type-Options': {
    description: 'Browsers take the body for what Content-Type says, never guess (docs/api.md, "Security headers")',
    schema: { type: 'string', const: 'nosniff' },
  },
  'X-RateLimit-Limit': {
    description: "Requests allowed in the binding window, or 'unlimited' (docs/rate-limits.md)",
    schema: { type: 'string', pattern: '^([0-9]+|unlimited)$' },
  },
  'X-RateLimit-Remaining': {
    description: "Requests left in the binding window, or 'unlimited'",
    schema: { type: 'string', pattern: '^([0-9]+|unlimited)$' },
  },
  'X-RateLimit-Reset': {
    description: 'Unix time (seconds) at which the binding window ends',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  'RateLimit-Policy': {
    description: "Every window's quota and length (draft-ietf-httpapi-ratelimit-headers); absent when unlimited",
    schema: {
      type: 'string',
      pattern: '^"[a-z]+";q=[0-9]+;w=[0-9]+(, "[a-z]+";q=[0-9]+;w=[0-9]+)*$',
      example: '"minute";q=60;w=60, "day";q=1000;w=86400',
    },
  },
  RateLimit: {
    description: "Every window's remaining count and seconds to reset; absent when unlimited",
    schema: {
      type: 'string',
      pattern: '^"[a-z]+";r=[0-9]+;t=[0-9]+(, "[a-z]+";r=[0-9]+;t=[0-9]+)*$',
      example: '"minute";r=57;t=42, "day";r=997;t=43182',
    },
  },
  'Retry-After': { description: 'Seconds until a request can pass', schema: { type: 'string', pattern: '^[1-9][0-9]*$' } },
  'WWW-Authenticate': {
    description: 'The scheme that gets in: a bearer token',
    schema: { type: 'string', const: 'Bearer realm="cpq"' },
  },
  Allow: { description: 'The methods this path answers', schema: { type: 'string', pattern: '^[A-Z]+(, [A-Z]+)*$' } },
  ETag: {
    description:
      "Changes with what the answer shows: a form's product version and language; a quote's or a product's version (\"v<n>\")",
    schema: { type: 'string', pattern: '^(W/)?".*"$' },
  },
  'Cache-Control': {
    description: 'How long the answer may be reused',
    schema: { type: 'string', example: 'private, max-age=60, stale-while-revalidate=600' },
  },
  'Content-Language': {
    description: 'The language the answer was served in (BCP 47)',
    schema: { type: 'string', example: 'de' },
  },
  'Access-Control-Allow-Origin': {
    description: 'CORS: present when the request carried Origin',
    schema: { type: 'string', const: '*' },
  },
  'Access-Control-Expose-Headers': {
    description: 'CORS: the headers above a browser script may read',
    schema: { type: 'string' },
  },
} as const;

export type HeaderName = keyof typeof HEADERS;

/** A response's `headers` object: the named headers, each marked required or not. */
export function headers(required: readonly HeaderName[], optional: readonly HeaderName[] = []) {
  return Object.fromEntries([
    ...required.map((name) => [name, { ...HEADERS[name], required: true }] as const),
    ...optional.map((name) => [name, { ...HEADERS[name], required: false }] as const),
  ]);
}
