import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/** Largest accepted request body. A schema may be up to 512 KiB of text; JSON escaping can double it. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${MAX_BODY_BYTES} bytes`, {
      details: { max_bytes: MAX_BODY_BYTES },
    });
  },
});

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Bodies are JSON only; anything else is refused before a validator could misread it as an empty object. */
export const requireJson = createMiddleware<AppEnv>(async (c, next) => {
  if (METHODS_WITH_BODY.has(c.req.method)) {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be sent as Content-Type: application/json', {
        details: { content_type: type || null },
      });
    }
  }
  await next();
});

export const assignRequestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = crypto.randomUUID();
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  await next();
});
