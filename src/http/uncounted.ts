import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { rateLimitHeaders } from '../limits/headers';

/** For a route no budget applies to: the contract's rate-limit headers on every response, saying `unlimited`. */
export const uncounted = createMiddleware<AppEnv>(async (c, next) => {
  for (const [name, value] of Object.entries(rateLimitHeaders([], Date.now()))) c.header(name, value);
  await next();
});
