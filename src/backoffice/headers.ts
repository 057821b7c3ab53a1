import { createMiddleware } from 'hono/factory';
import type { BackofficeEnv } from './env';

// Scripts and styles come only from /admin/assets (no inline code, so injected markup cannot run); option
// images of a product may live on the store's own https host.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders = createMiddleware<BackofficeEnv>(async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('Content-Security-Policy', CSP);
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('X-Frame-Options', 'DENY');
  h.set('Referrer-Policy', 'same-origin');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  // Pages hold store data and the session's CSRF token: never cache them.
  if (!h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
});
