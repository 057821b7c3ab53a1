import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../env';

export interface AnyOriginOptions {
  allowMethods: string[];
  allowHeaders?: string[];
  exposeHeaders: string[];
  maxAge: number;
}

/**
 * hono's `cors` for any origin, but an ordinary request's two headers go on its answer once it is made, as the
 * security headers do: hono's sets them on `c.res` before the route runs, so that hono then builds every answer
 * twice and copies its headers each time (7 % of a warm calculate's CPU, bench/RESULTS.md §4). Preflights
 * are hono's own.
 */
export function anyOrigin(options: AnyOriginOptions): MiddlewareHandler<AppEnv> {
  const preflight = cors({ origin: '*', ...options });
  const exposed = options.exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', exposed);
  };
}
