import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isStoreMoving } from '../db/store-tables';
import type { AppEnv } from '../env';
import { ApiError, type ErrorBody, type ErrorCode } from '../errors';

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Seconds a write refused by a store's move waits before its retry: about a step of the move's copy. */
export const MOVING_RETRY_AFTER = 2;

function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  // A write to a database the store is moving away from (src/shards/service/move.ts): refused whole by the fence,
  // so the client may send it again, which lands once the move is done.
  if (isStoreMoving(err)) {
    return new ApiError(
      'SERVICE_UNAVAILABLE',
      'The store is moving to another database; nothing was written, retry after Retry-After seconds',
      { details: { retry_after: MOVING_RETRY_AFTER } },
      { 'Retry-After': String(MOVING_RETRY_AFTER) },
    );
  }
  // hono's own validators throw HTTPException, e.g. "Malformed JSON in request body".
  if (err instanceof HTTPException) {
    const code = CODE_FOR_STATUS[err.status];
    if (code) return new ApiError(code, err.message || 'Bad request');
  }
  return null;
}

/** Every 401 names the scheme that gets in (RFC 9110 §11.6.1): a bearer token, the API key or the admin token. */
export const WWW_AUTHENTICATE = 'Bearer realm="cpq"';

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  const body: ErrorBody = { error: error.message, code: error.code, ...error.extra };
  if (error.code === 'INTERNAL') body.request_id = c.get('requestId');
  const headers = error.code === 'UNAUTHORIZED' ? { 'WWW-Authenticate': WWW_AUTHENTICATE, ...error.headers } : error.headers;
  return c.json(body, error.status, headers);
}

/** The answer for a path no route matches. */
export function notFound(c: Context<AppEnv>): Response {
  return errorResponse(c, new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`));
}

/** The one error handler: known errors keep their code; anything else is logged with the request id and masked. */
export function onError(err: unknown, c: Context<AppEnv>): Response {
  const known = toApiError(err);
  if (known) return errorResponse(c, known);
  console.error(
    JSON.stringify({
      level: 'error',
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    }),
  );
  return errorResponse(c, new ApiError('INTERNAL', `Internal error; quote request id ${c.get('requestId')} to support`));
}
