// /demo: a small shop page with <cpq-configurator> on the demo store's products, for `npm run dev` and the e2e
// tests. It exists only when the Worker runs with the DEMO_STORE and DEMO_KEY vars (scripts/dev.mjs and
// test/e2e/run.mjs set them; wrangler.toml does not), so a deployed Worker answers 404 here (docs/configurator.md).
import { Hono } from 'hono';
import { raw } from 'hono/html';
import { bundle } from '../bundles';
import type { AppEnv } from '../env';
import { notFound } from '../http/on-error';
import { listProducts } from '../products/service';
import { demoCss } from './styles';

type DemoEnv = Env & { DEMO_STORE?: string; DEMO_KEY?: string };

const LANGUAGES = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['fr', 'Français'],
  ['es', 'Español'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
];

export const demo = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    const { DEMO_STORE, DEMO_KEY } = c.env as DemoEnv;
    if (!DEMO_STORE || !DEMO_KEY) return notFound(c);
    await next();
  })
  .get('/main.js', (c) =>
    c.body(bundle('demo').js, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  )
  .get('/demo.css', (c) => c.body(demoCss, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }))
  .get('/', async (c) => {
    const { DEMO_STORE: store, DEMO_KEY: key } = c.env as Required<DemoEnv>;
    // Published products only: drafts are the backoffice's.
    const products = (await listProducts(c.env, store)).products.map((p) => p.product);
    const wanted = c.req.query('product');
    const product = products.find((p) => p.externalId === wanted)?.externalId ?? products[0]?.externalId;
    const lang = LANGUAGES.some(([code]) => code === c.req.query('lang')) ? c.req.query('lang')! : 'en';
    // The market of the link (?market=ch); which markets there are, the page's module asks GET /v1/markets.
    const market = /^[a-z0-9][a-z0-9_-]{0,39}$/.test(c.req.query('market') ?? '') ? c.req.query('market') : undefined;
    return c.html(
      <>
        {raw('<!DOCTYPE html>')}
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Demo shop · CPQ configurator</title>
            <link rel="icon" href="data:," />
            <link rel="stylesheet" href="/demo/demo.css" />
            <script type="module" src="/embed/v1/configurator.js"></script>
            <script type="module" src="/demo/main.js"></script>
          </head>
          <body>
            <header class="bar">
              <strong>Demo Windows &amp; Doors</strong>
              <span>a storefront with the embeddable configurator</span>
            </header>
            <main class="shop">
              <div class="pick">
                <label for="product">Product</label>
                <select id="product">
                  {products.map((p) => (
                    <option value={p.externalId} selected={p.externalId === product}>
                      {p.name}
                    </option>
                  ))}
                </select>
                <label for="lang">Language</label>
                <select id="lang">
                  {LANGUAGES.map(([code, name]) => (
                    <option value={code} selected={code === lang}>
                      {name}
                    </option>
                  ))}
                </select>
                <span id="markets" class="markets" hidden>
                  <label for="market">Market</label>
                  <select id="market"></select>
                </span>
              </div>
              {product ? (
                <cpq-configurator
                  id="configurator"
                  api="/api"
                  tenant={store}
                  product={product}
                  api-key={key}
                  lang={lang}
                  market={market}
                  request-quote
                ></cpq-configurator>
              ) : (
                <p class="empty">The demo store has no products yet: `npm run dev` saves the examples into it.</p>
              )}
              <section class="cart" aria-labelledby="cart-title">
                <div class="buy">
                  <p id="offer" aria-live="polite">
                    Configure the product to see its price.
                  </p>
                  <button id="add" type="button" disabled>
                    Add to cart
                  </button>
                </div>
                <p id="quoted" aria-live="polite" hidden></p>
                <h2 id="cart-title">Cart</h2>
                <p id="cart-empty">Your cart is empty.</p>
                <ul id="cart"></ul>
              </section>
            </main>
          </body>
        </html>
      </>,
    );
  });
