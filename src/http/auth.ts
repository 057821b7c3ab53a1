import { createMiddleware } from 'hono/factory';
import { jointKeyUpdates } from '../access/joint';
import type { KeyRecord, Permission } from '../api/permissions';
import { readAhead } from '../configurator/read-ahead';
import type { AppEnv, RequestContext } from '../env';
import { ApiError } from '../errors';
import { isolateRevocations, type RevocationViews } from '../keys/revocations';
import { verify } from '../keys/verify';
import { isolateLeases, type LeaseRegistry, logError } from '../limits';

/** `X-API-Key: K` or `Authorization: Bearer K` (spec §5.2). */
export function presentedKey(headers: Headers): string | null {
  const direct = headers.get('x-api-key')?.trim();
  if (direct) return direct;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * Verifies the presented key (`verify`, src/keys/verify.ts) and keeps its verdict; the principal is the record of a
 * key that is neither unknown nor revoked. Refusing is left to `requireKey`, so that rate limiting runs in between
 * (an unknown key counts per client address, a revoked one nowhere). When the isolate must ask the store's object
 * for its revocations, the same call brings a lease of the limiter's `leases` (src/access/joint.ts); null when the
 * limiter admits otherwise (the benchmarks' per-request hop).
 */
export function createAuthenticate(
  revocations: RevocationViews = isolateRevocations,
  leases: LeaseRegistry | null = isolateLeases,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = presentedKey(c.req.raw.headers);
    const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
    const requestId = c.get('requestId');
    const failed = (err: unknown) => logError(requestId, 'returning a rate limit lease failed', err);
    const call = leases ? jointKeyUpdates(c.env, leases, { waitUntil, failed }) : undefined;
    const meanwhile = (record: KeyRecord) => readAhead(c, record.storeId);
    const verdict = key ? await verify(c.env, key, { waitUntil, requestId, revocations, call, meanwhile }) : null;
    c.set('verdict', verdict);
    c.set('principal', verdict?.kind === 'principal' ? verdict.record : null);
    await next();
  });
}

/** `authenticate` with the isolate's views of revocations and leases; tests simulating several isolates make their own. */
export const authenticate = createAuthenticate();

/** 401 for a missing, malformed, unknown or revoked key. */
export const requireKey = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('principal')) {
    throw new ApiError(
      'UNAUTHORIZED',
      c.get('verdict') ? 'Invalid or revoked API key' : 'Missing API key: send X-API-Key or Authorization: Bearer',
    );
  }
  await next();
});

/** The key's record, after checking it may act for `tenantId` (when the operation names one) with `permission`. */
export function authorize(c: RequestContext, permission: Permission, tenantId?: string): KeyRecord {
  const principal = c.get('principal');
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
