import type { MiddlewareHandler } from 'hono';
import { except } from 'hono/combine';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { backofficeOver } from './backoffice';
import { demo } from './demo';
import type { AppEnv } from './env';
import { ApiError } from './errors';
import { requireAdmin } from './http/admin-auth';
import { authenticate, requireKey } from './http/auth';
import { anyOrigin } from './http/cors';
import { newApp } from './http/factory';
import { errorResponse, notFound, onError } from './http/on-error';
import { assignRequestId, limitBody, requireJson, requireUtf8 } from './http/request-guards';
import { securityHeaders } from './http/security-headers';
import { uncounted } from './http/uncounted';
import { rateLimit } from './limits';
import { quotePage } from './quote-page';
import { adminApi } from './routes/admin';
import { docsApi } from './routes/docs';
import { embed } from './routes/embed';
import { health } from './routes/health';
import { calculateApi } from './routes/v1/calculate';
import { configureApi } from './routes/v1/configure';
import { formApi } from './routes/v1/form';
import { insightsApi } from './routes/v1/insights';
import { marketsApi } from './routes/v1/markets';
import { quotesApi } from './routes/v1/quotes';
import { validateApi } from './routes/v1/validate';

const EXPOSED_HEADERS = [
  'ETag',
  'Content-Language',
  'X-Request-Id',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
];

/**
 * The Worker's app around a rate limiter and the key check that feeds it: production's (`rateLimit`, src/limits, and
 * `authenticate`), or ones a bench wrapper composed with its comparison switches (bench/worker-with-knobs.ts).
 * Nothing else differs.
 */
export function createApp(
  limiter: MiddlewareHandler<AppEnv> = rateLimit,
  authenticator: MiddlewareHandler<AppEnv> = authenticate,
) {
  const app = newApp();
  app.use('*', assignRequestId);
  // Outermost but for the request id: its headers reach every answer, the errors, 404s and 429s of the guards below included.
  app.use('*', securityHeaders);

  // Storefronts call the public API from browsers: any origin, key in a header, no cookies.
  app.use(
    '/api/v1/*',
    anyOrigin({
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Authorization', 'X-API-Key', 'If-None-Match', 'If-Match', 'Idempotency-Key'],
      exposeHeaders: EXPOSED_HEADERS,
      maxAge: 86400,
    }),
  );
  // A status page in a browser polls health from anywhere.
  app.use('/api/health', anyOrigin({ allowMethods: ['GET', 'HEAD', 'OPTIONS'], exposeHeaders: EXPOSED_HEADERS, maxAge: 86400 }));
  // The limiter runs after authenticate (a store's budget needs the key), before requireKey (401s count per
  // address), and before every other guard, so that each public response, 405/413/415 included, carries its headers.
  app.use('/api/v1/*', authenticator, limiter, requireKey);
  // Health is a constant answer without I/O: counting it would cost a Durable Object round trip, more than serving
  // it, so monitors poll it outside every budget and its headers say so (docs/rate-limits.md).
  app.use('/api/health', uncounted);
  // Everything else under /api (the OpenAPI document, the reference page, unknown paths) counts per client address.
  app.use('/api/*', except(['/api/v1/*', '/api/admin/*', '/api/health'], limiter));
  // The buyer's quote pages are public and keyless: every token looked up (a page, an Accept or Reject) costs a D1
  // read, so they count per client address like every keyless request, which bounds floods and token probing. Their
  // stylesheet is a constant without I/O, uncounted like health.
  app.use('/q/*', except('/q/quote.css', limiter));
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        errorResponse(
          c,
          new ApiError(
            'METHOD_NOT_ALLOWED',
            `Method ${c.req.method} is not allowed here; use ${methods.join(', ')}`,
            {},
            { Allow: methods.join(', ') },
          ),
        ),
    }),
  );
  app.use('/api/*', limitBody, requireJson, requireUtf8);
  app.use('/api/admin/*', requireAdmin);

  app.route('/api/health', health);
  app.route('/api/v1/products', formApi);
  app.route('/api/v1/calculate', calculateApi);
  app.route('/api/v1/configure', configureApi);
  app.route('/api/v1/validate', validateApi);
  app.route('/api/v1/quotes', quotesApi);
  app.route('/api/v1/insights', insightsApi);
  app.route('/api/v1/markets', marketsApi);
  app.route('/api/admin', adminApi);
  app.route('/api', docsApi(app));
  app.route('/admin', backofficeOver(adminApi));
  app.route('/embed', embed);
  app.route('/demo', demo);
  app.route('/q', quotePage);

  app.notFound(notFound);
  app.onError(onError);
  return app;
}

export const app = createApp();
