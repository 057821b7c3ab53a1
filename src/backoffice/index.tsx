import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { csrfToken, currentSession } from '../http/admin-cookie';
import { assets } from './assets';
import type { AdminApi, BackofficeEnv } from './env';
import { PageNotFound } from './load';
import { marketPages } from './pages/markets';
import { priceListPages } from './pages/price-lists';
import { productPages } from './pages/products';
import { quoteDocumentPages } from './pages/quote-document';
import { shardPages } from './pages/shards';
import { signIn } from './pages/sign-in';
import { storePages } from './pages/stores';
import { versionPages } from './pages/versions';
import { MessagePage } from './views/message';

/** Every page except sign-in needs a session; without one, sign in first and come back. */
const requireSession = createMiddleware<BackofficeEnv>(async (c, next) => {
  const session = await currentSession(c);
  if (!session) {
    const url = new URL(c.req.url);
    return c.redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
  }
  c.set('csrf', await csrfToken(c, session));
  await next();
});

/**
 * The backoffice, mounted at /admin: server-rendered pages over the admin API, plus their scripts. app.ts hands it
 * the admin API, which its pages call in process (api.ts), so that the backoffice does not import the routes.
 */
export function backofficeOver(admin: AdminApi): Hono<BackofficeEnv> {
  const backoffice = new Hono<BackofficeEnv>();
  backoffice.use('*', async (c, next) => {
    c.set('adminApi', admin);
    await next();
  });

  // Sign-in and sign-out forms are tiny; everything else the backoffice posts goes to /api/admin as JSON.
  backoffice.use('*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Request too large', 413) }));
  backoffice.route('/assets', assets);
  backoffice.route('/', signIn);
  backoffice.use('*', requireSession);
  backoffice.get('/', (c) => c.redirect('/admin/stores', 302));
  backoffice.route('/stores', storePages);
  backoffice.route('/stores', productPages);
  backoffice.route('/stores', versionPages);
  backoffice.route('/stores', quoteDocumentPages);
  backoffice.route('/stores', marketPages);
  backoffice.route('/stores', priceListPages);
  backoffice.route('/shards', shardPages);
  backoffice.get('*', (c) =>
    c.html(
      <MessagePage
        title="Page not found"
        text={`There is no backoffice page at ${c.req.path}.`}
        href="/admin/stores"
        link="Go to the stores"
      />,
      404,
    ),
  );

  backoffice.onError((err, c) => {
    if (err instanceof PageNotFound) {
      return c.html(<MessagePage title="Not found" text={err.message} href="/admin/stores" link="Go to the stores" />, 404);
    }
    console.error(
      JSON.stringify({
        level: 'error',
        request_id: c.var.requestId,
        path: c.req.path,
        error: String(err),
        stack: err instanceof Error ? err.stack : undefined,
      }),
    );
    const text = `The page could not be shown. Quote request id ${c.var.requestId} when you report this.`;
    return c.html(<MessagePage title="Something went wrong" text={text} href="/admin/stores" link="Go to the stores" />, 500);
  });
  return backoffice;
}
