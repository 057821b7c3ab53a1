// The embeddable configurator's code (src/browser/configurator/, docs/configurator.md), for any storefront: an ES
// module readable from every origin, making no request of its own but to the API it is pointed at.
//   /embed/v1/configurator.js          the stable URL of the snippet: revalidated after 5 minutes (ETag, 304)
//   /embed/v1/configurator.<hash>.js   the same bytes under their content hash: cached for a year, immutable
// A hashed URL from an earlier deployment redirects to the current one, so a page that pinned it keeps working.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { bundle } from '../bundles';

const { js, hash } = bundle('configurator');
const etag = `"${hash}"`;
export const CONFIGURATOR_PATH = `/embed/v1/configurator.${hash}.js`;

const CODE_HEADERS = {
  'Content-Type': 'text/javascript; charset=utf-8',
  // Pages that isolate themselves (COEP) may still load it.
  'Cross-Origin-Resource-Policy': 'cross-origin',
  ETag: etag,
};

export const embed = new Hono()
  .use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], exposeHeaders: ['ETag'], maxAge: 86400 }))
  .get('/v1/configurator.js', (c) => {
    const headers = { ...CODE_HEADERS, 'Cache-Control': 'public, max-age=300' };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(js, 200, headers);
  })
  .get('/v1/:file{configurator\\.[0-9a-f]{16}\\.js}', (c) => {
    if (c.req.param('file') !== `configurator.${hash}.js`) {
      return c.body(null, 302, { Location: CONFIGURATOR_PATH, 'Cache-Control': 'no-store' });
    }
    const headers = { ...CODE_HEADERS, 'Cache-Control': 'public, max-age=31536000, immutable' };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(js, 200, headers);
  });
