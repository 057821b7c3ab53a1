import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { sha256Hex } from '../keys/secret';

async function sameSecret(a: string, b: string): Promise<boolean> {
  // Hash first so the comparison is constant-time and independent of either length.
  const [x, y] = await Promise.all([sha256Hex(a), sha256Hex(b)]);
  const enc = new TextEncoder();
  return crypto.subtle.timingSafeEqual(enc.encode(x), enc.encode(y));
}

/** Guards /api/admin with `Authorization: Bearer <ADMIN_TOKEN>`; with no token configured, nothing gets in. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.ADMIN_TOKEN;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!expected || !match?.[1] || !(await sameSecret(match[1], expected))) {
    throw new ApiError('UNAUTHORIZED', 'Missing or wrong admin token: send Authorization: Bearer <ADMIN_TOKEN>');
  }
  await next();
});
