// Plain ES modules for any storefront, readable from every origin, making no request of their own but to the API
// they are pointed at:
//   /embed/v1/configurator.js   the embeddable configurator (src/browser/configurator/, docs/configurator.md)
//   /embed/v1/logic.js          the form conditions' extra JSON Logic operations (src/browser/logic/, docs/api.md)
// Each at its stable URL, revalidated after 5 minutes (ETag, 304), and at `<name>.<hash>.js`, the same bytes under
// their content hash, cached for a year, immutable. A hashed URL from an earlier deployment redirects to the
// current one, so a page that pinned it keeps working.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { bundle } from '../bundles';

const MODULES = ['configurator', 'logic'] as const;
type Module = (typeof MODULES)[number];

const served = Object.fromEntries(
  MODULES.map((name) => {
    const { js, hash } = bundle(name);
    return [name, { js, hash, etag: `"${hash}"`, path: `/embed/v1/${name}.${hash}.js` }];
  }),
) as Record<Module, { js: string; hash: string; etag: string; path: string }>;

export const CONFIGURATOR_PATH = served.configurator.path;

const codeHeaders = (etag: string, cacheControl: string) => ({
  'Content-Type': 'text/javascript; charset=utf-8',
  // Pages that isolate themselves (COEP) may still load it.
  'Cross-Origin-Resource-Policy': 'cross-origin',
  ETag: etag,
  'Cache-Control': cacheControl,
});

export const embed = new Hono().use(
  '*',
  cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], exposeHeaders: ['ETag'], maxAge: 86400 }),
);

for (const name of MODULES) {
  const { js, hash, etag, path } = served[name];
  embed
    .get(`/v1/${name}.js`, (c) => {
      const headers = codeHeaders(etag, 'public, max-age=300');
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      return c.body(js, 200, headers);
    })
    .get(`/v1/:file{${name}\\.[0-9a-f]{16}\\.js}`, (c) => {
      if (c.req.param('file') !== `${name}.${hash}.js`) return c.body(null, 302, { Location: path, 'Cache-Control': 'no-store' });
      const headers = codeHeaders(etag, 'public, max-age=31536000, immutable');
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      return c.body(js, 200, headers);
    });
}
