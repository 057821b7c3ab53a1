import { createMiddleware } from 'hono/factory';
import type { BackofficeEnv } from './env';

// Scripts and styles come only from /admin/assets (no inline code, so injected markup cannot run); option
// images of a product may live on the store's own https host. The one exception: the schema editor (CodeMirror)
// writes its styles into <style> elements, which carry this response's nonce (views/layout.tsx hands it over in
// <meta name="cpq-style-nonce">). A nonce only for styles, fresh per response (pages are never cached).
const csp = (nonce: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export const securityHeaders = createMiddleware<BackofficeEnv>(async (c, next) => {
  const nonce = crypto.randomUUID().replaceAll('-', '');
  c.set('styleNonce', nonce);
  await next();
  const h = c.res.headers;
  h.set('Content-Security-Policy', csp(nonce));
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('X-Frame-Options', 'DENY');
  h.set('Referrer-Policy', 'same-origin');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  // Pages hold store data and the session's CSRF token: never cache them.
  if (!h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
});
