import { createMiddleware } from 'hono/factory';
import type { KeyRecord, Permission } from '../api/permissions';
import type { AppEnv, RequestContext } from '../env';
import { ApiError } from '../errors';
import { lookupKey } from '../keys/store';

/** `X-API-Key: K` or `Authorization: Bearer K` (spec §5.2). */
export function presentedKey(headers: Headers): string | null {
  const direct = headers.get('x-api-key')?.trim();
  if (direct) return direct;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/** Resolves the key to its KV record, if any; refusing is left to `requireKey` so rate limiting can run in between. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const key = presentedKey(c.req.raw.headers);
  c.set('principal', key ? await lookupKey(c.env.KEYS, key) : null);
  await next();
});

export const requireKey = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.principal) {
    const sent = presentedKey(c.req.raw.headers) !== null;
    throw new ApiError(
      'UNAUTHORIZED',
      sent ? 'Invalid or revoked API key' : 'Missing API key: send X-API-Key or Authorization: Bearer',
    );
  }
  await next();
});

/** The key's record, after checking it may act for `tenantId` (when the operation names one) with `permission`. */
export function authorize(c: RequestContext, permission: Permission, tenantId?: string): KeyRecord {
  const principal = c.var.principal;
  if (!principal) throw new ApiError('UNAUTHORIZED', 'Missing API key');
  if (tenantId !== undefined && tenantId !== principal.storeId) {
    throw new ApiError('FORBIDDEN', `This API key has no access to tenant '${tenantId}'`);
  }
  if (!principal.permissions.includes(permission)) {
    throw new ApiError('FORBIDDEN', `This API key lacks the '${permission}' permission`, {
      details: { required_permission: permission },
    });
  }
  return principal;
}
