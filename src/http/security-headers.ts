import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

// The service's one header policy (docs/api.md, "Security headers"), applied by one middleware around every answer:
// - every answer (JSON, errors, 404s, 429s, scripts, pages): `X-Content-Type-Options: nosniff`, so no browser reads
//   a JSON error with hostile text in it as HTML or script;
// - every HTML page: a CSP without inline script, framing refused (`frame-ancestors 'none'`, X-Frame-Options), no
//   referrer to other sites, its own browsing context group, no powerful features. Scripts come only from this
//   origin (bundles the Worker serves), so markup injected into a page cannot run.
// The pages differ only in what else they load, below. An HTML answer at any other path gets the strictest policy.

interface PagePolicy {
  /** Where the page lives: the path itself, and (for a prefix) everything under it. */
  path: string;
  prefix: boolean;
  /** The directives between script-src and base-uri; `nonce` is the response's style nonce, when the page has one. */
  loads: (nonce: string | undefined) => string[];
  /** A fresh nonce per response for <style> elements: CodeMirror writes its styles into them (docs/backoffice.md). */
  styleNonce?: true;
  /** The page holds store data and the session's CSRF token: never cached. */
  noStore?: true;
}

const PAGES: PagePolicy[] = [
  {
    // The backoffice: its own scripts and stylesheet; option images may live on the store's own https host.
    path: '/admin',
    prefix: true,
    loads: (nonce) => [
      `style-src 'self' 'nonce-${nonce}'`,
      "img-src 'self' data: https:",
      "connect-src 'self'",
      "form-action 'self'",
    ],
    styleNonce: true,
    noStore: true,
  },
  {
    // The demo shop: the configurator as a storefront embeds it, as a script, not a frame: nothing may frame the
    // page (docs/configurator.md).
    path: '/demo',
    prefix: true,
    loads: () => ["style-src 'self'", "img-src 'self' data: https:", "connect-src 'self'", "form-action 'none'"],
  },
  {
    // The buyer's quote page (/q/<token>): its stylesheet, and its Accept and Reject forms posting back here. It
    // holds a customer's data and its address is the token: never cached.
    path: '/q',
    prefix: true,
    loads: () => ["style-src 'self'", "img-src 'self' data: https:", "form-action 'self'"],
    noStore: true,
  },
  {
    // The API reference takes the admin token: its bundle (/api/docs.js) and requests to this origin only.
    path: '/api/docs',
    prefix: false,
    loads: () => ["style-src 'self'", "connect-src 'self'", "form-action 'none'"],
  },
];

const STRICTEST: PagePolicy = { path: '', prefix: false, loads: () => ["form-action 'none'"] };

const pageAt = (path: string) => PAGES.find((p) => path === p.path || (p.prefix && path.startsWith(`${p.path}/`)));

const contentSecurityPolicy = (page: PagePolicy, nonce: string | undefined) =>
  ["default-src 'none'", "script-src 'self'", ...page.loads(nonce), "base-uri 'none'", "frame-ancestors 'none'"].join('; ');

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const page = pageAt(c.req.path);
  const nonce = page?.styleNonce ? crypto.randomUUID().replaceAll('-', '') : undefined;
  if (nonce) c.set('styleNonce', nonce);
  await next();
  const h = c.res.headers;
  h.set('X-Content-Type-Options', 'nosniff');
  const policy = page ?? (/^text\/html/i.test(h.get('Content-Type') ?? '') ? STRICTEST : null);
  if (!policy) return;
  h.set('Content-Security-Policy', contentSecurityPolicy(policy, nonce));
  h.set('X-Frame-Options', 'DENY');
  h.set('Referrer-Policy', 'same-origin');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (policy.noStore && !h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
});
