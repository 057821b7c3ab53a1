import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { sha256Hex } from '../keys/secret';
import { SIGN_IN_FAILURES_PER_MINUTE, signInThrottles } from '../limits/sign-in-throttle';
import { currentSession } from './admin-cookie';
import { CSRF_HEADER, verifyCsrf } from './admin-session';

export async function sameSecret(a: string, b: string): Promise<boolean> {
  // Hash first so the comparison is constant-time and independent of either length.
  const [x, y] = await Promise.all([sha256Hex(a), sha256Hex(b)]);
  const enc = new TextEncoder();
  return crypto.subtle.timingSafeEqual(enc.encode(x), enc.encode(y));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const unauthorized = () =>
  new ApiError(
    'UNAUTHORIZED',
    'Missing or wrong admin credentials: send Authorization: Bearer <ADMIN_TOKEN>, or sign in to the backoffice',
  );

const throttled = (retryAfter: number) =>
  new ApiError(
    'RATE_LIMITED',
    `Too many wrong admin tokens from this address (${SIGN_IN_FAILURES_PER_MINUTE} per minute); retry in ${retryAfter} s`,
    { details: { window: 'minute', limit: SIGN_IN_FAILURES_PER_MINUTE, retry_after: retryAfter } },
    { 'Retry-After': String(retryAfter) },
  );

/**
 * Guards /api/admin: either `Authorization: Bearer <ADMIN_TOKEN>` or the backoffice's session cookie. A cookie
 * is sent by the browser on its own, so unsafe methods also need the session's CSRF token in a header.
 * With no token configured, nothing gets in. Wrong tokens are counted per client address (shared with the
 * sign-in form); an address past its budget gets 429 without its token being judged.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.ADMIN_TOKEN;
  if (!expected) throw unauthorized();
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) {
    // A request that presents a token is judged by it alone, even when it also carries a cookie.
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const [throttle, right] = await Promise.all([
      signInThrottles.check(c.env, c.req.raw.headers),
      match?.[1] ? sameSecret(match[1], expected) : false,
    ]);
    if (!throttle.allowed) throw throttled(throttle.retryAfter);
    if (!right) {
      await signInThrottles.failed(c.env, c.req.raw.headers);
      throw unauthorized();
    }
    c.set('adminActor', 'admin token');
    return next();
  }
  const session = await currentSession(c);
  if (!session) throw unauthorized();
  if (!SAFE_METHODS.has(c.req.method) && !(await verifyCsrf(expected, session, c.req.header(CSRF_HEADER)))) {
    throw new ApiError('FORBIDDEN', `Missing or wrong ${CSRF_HEADER} header for this backoffice session; reload the page`);
  }
  // The session's random id tells sessions apart without showing anything that would let one be replayed.
  c.set('adminActor', `session ${session.split('.')[1]?.slice(0, 8) ?? ''}`);
  await next();
});
