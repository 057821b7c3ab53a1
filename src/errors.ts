import type { ContentfulStatusCode } from 'hono/utils/http-status';

// The closed set of error codes and the one place they map to HTTP statuses.
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_ENCODING: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  ILLEGAL_TRANSITION: 409,
  /** A market whose currency the product's model is not in, and no price list in force for it (docs/api.md). */
  NO_PRICE_LIST: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The codes of a request problem in a 400's `errors` list (docs/api.md, "Errors"). */
export const REQUEST_PROBLEM_CODES = [
  'REQUIRED',
  'INVALID_TYPE',
  'INVALID_VALUE',
  'TOO_SMALL',
  'TOO_BIG',
  'UNKNOWN_FIELD',
  'UNKNOWN_OUTPUT_GROUP',
] as const;

/** One problem with one field of a request: the single shape of every `errors` entry of a 400. */
export interface FieldProblem {
  /** Dotted path of the field (`configuration`, `output_groups.1`); null for the whole body, query or path. */
  field: string | null;
  code: (typeof REQUEST_PROBLEM_CODES)[number];
  message: string;
  location: 'body' | 'query' | 'path' | 'header';
}

/**
 * `details` is always an object (its keys documented per code); problems with fields always travel in `errors`,
 * and `truncated` counts what a capped list left out.
 */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: Record<string, unknown>;
  errors?: unknown[];
  truncated?: Record<string, number>;
  request_id?: string;
}

/** Thrown anywhere in a request; the app's single onError turns it into the spec's `{error, code}` body. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Pick<ErrorBody, 'details' | 'errors' | 'truncated'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}
