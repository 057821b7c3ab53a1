import type { ContentfulStatusCode } from 'hono/utils/http-status';

// The closed set of error codes and the one place they map to HTTP statuses.
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
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
