// /q/{token}: the buyer's pages. A share token (sent once, in `share_url`) opens this one quote's document with
// Accept and Reject; a status token (in `status_url`, given to whoever created the quote) a read-only page of where
// the request stands. Either stops working when the quote's links are revoked or the quote is cancelled, and then
// answers 404 like a token that never existed. Accept and Reject are plain HTML forms posting back here, so the
// pages run no script at all (docs/quotes.md).
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { notFound } from '../http/on-error';
import { decideQuote } from '../quotes/service/lifecycle';
import { findSharedQuote } from '../quotes/service/links';
import type { LoadedQuote } from '../quotes/service/store';
import { majorOf } from '../quotes/totals';
import { wordsFor } from '../quotes/words';
import { getStore } from '../stores/service';
import { Outputs } from './outputs';
import { quoteCss } from './styles';

const PAGE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

/** An item's name, its configuration and its outputs as the buyer reads them, on the quote page and the request's status page. */
function ItemHeading({ item, position }: { item: LoadedQuote['items'][number]; position: number }) {
  return (
    <>
      <strong>
        {position}. {item.priced.product_name}
      </strong>
      <ul class="summary">
        {item.priced.summary.map((s) => (
          <li>
            {s.label}: {s.value_label}
          </li>
        ))}
      </ul>
      <Outputs priced={item.priced} />
    </>
  );
}

function QuoteDocument({ loaded, storeName, token }: { loaded: LoadedQuote; storeName: string; token: string }) {
  const { quote, status, items } = loaded;
  const words = wordsFor(quote.language);
  const money = new Intl.NumberFormat(quote.language, { style: 'currency', currency: quote.currency });
  const amount = (major: number) => money.format(major);
  const minor = (m: number) => amount(majorOf(m, quote.minorUnits));
  const date = dateIn(quote.language);
  const customer = [quote.customer.name, quote.customer.company, quote.customer.email, quote.customer.reference].filter(Boolean);
  return (
    <main>
      <header>
        <div>
          <div class="store">{storeName}</div>
          <h1>
            {words.quote} {quote.number}
          </h1>
          <div class="status" data-status={status}>
            {words.status[status]}
          </div>
        </div>
        <dl class="facts">
          <dt>{words.number}</dt>
          <dd>{quote.number}</dd>
          <dt>{words.date}</dt>
          <dd>{date(quote.sentAt ?? quote.createdAt)}</dd>
          <dt>{words.validUntil}</dt>
          <dd>{date(quote.validUntil)}</dd>
        </dl>
      </header>
      {customer.length > 0 && (
        <section class="customer">
          <strong>{words.customer}</strong>
          {customer.map((line) => (
            <div>{line}</div>
          ))}
        </section>
      )}
      <table>
        <thead>
          <tr>
            <th>{words.item}</th>
            <th class="num">{words.quantity}</th>
            <th class="num">{words.unitPrice}</th>
            <th class="num">{words.amount}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr class="item">
              <td>
                <ItemHeading item={item} position={i + 1} />
                <ul class="lines">
                  {item.priced.lines.map((line) => (
                    <li>
                      <span>{line.label}</span>
                      <span>{amount(line.amount)}</span>
                    </li>
                  ))}
                </ul>
              </td>
              <td class="num">{item.quantity}</td>
              <td class="num">{amount(item.priced.totals.unit_price)}</td>
              <td class="num">{amount(item.priced.totals.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colspan={3}>{words.subtotal}</td>
            <td class="num">{minor(quote.subtotalMinor)}</td>
          </tr>
          {quote.discount && (
            <tr>
              <td colspan={3}>
                {words.discount}
                {quote.discount.type === 'percent' ? ` ${quote.discount.value} %` : ''} ({quote.discount.reason})
              </td>
              <td class="num">−{minor(quote.discountMinor)}</td>
            </tr>
          )}
          <tr class="total">
            <td colspan={3}>{words.total}</td>
            <td class="num">{minor(quote.totalMinor)}</td>
          </tr>
        </tfoot>
      </table>
      {quote.notes && (
        <section>
          <strong>{words.notes}</strong>
          <p class="notes">{quote.notes}</p>
        </section>
      )}
      {status === 'sent' && (
        <div class="actions">
          <form method="post" action={`/q/${token}/accept`}>
            <button class="accept" type="submit">
              {words.accept}
            </button>
          </form>
          <form method="post" action={`/q/${token}/reject`}>
            <button class="reject" type="submit">
              {words.reject}
            </button>
          </form>
        </div>
      )}
    </main>
  );
}

const dateIn = (language: string) => (ms: number) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);

/**
 * The status link's page: what was requested (products, choices, quantities) and where the request stands, no
 * prices and no buttons. The store may still be working on the draft (a discount awaiting approval, items
 * changed), and the offer's acceptance belongs to the share link, which the store sends to the customer's
 * address: whoever typed that address into a storefront must not be able to accept an offer made to it.
 */
function RequestStatus({ loaded, storeName }: { loaded: LoadedQuote; storeName: string }) {
  const { quote, status, items } = loaded;
  const words = wordsFor(quote.language);
  const date = dateIn(quote.language);
  const open = status === 'draft' || status === 'pending_approval';
  const label = open ? words.requestStatus.requested : status === 'sent' ? words.requestStatus.offered : words.status[status];
  return (
    <main>
      <header>
        <div>
          <div class="store">{storeName}</div>
          <h1>
            {words.request} {quote.number}
          </h1>
          <div class="status" data-status={open ? 'requested' : status}>
            {label}
          </div>
        </div>
        <dl class="facts">
          <dt>{words.number}</dt>
          <dd>{quote.number}</dd>
          <dt>{words.requestedOn}</dt>
          <dd>{date(quote.createdAt)}</dd>
        </dl>
      </header>
      <table>
        <thead>
          <tr>
            <th>{words.item}</th>
            <th class="num">{words.quantity}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr class="item">
              <td>
                <ItemHeading item={item} position={i + 1} />
              </td>
              <td class="num">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

async function page(env: Env, loaded: LoadedQuote, kind: 'share' | 'status', token: string) {
  const store = await getStore(env, loaded.quote.storeId);
  const words = wordsFor(loaded.quote.language);
  return (
    '<!doctype html>' +
    (
      <html lang={loaded.quote.language}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>
            {kind === 'share' ? words.quote : words.request} {loaded.quote.number} · {store.name}
          </title>
          <link rel="stylesheet" href="/q/quote.css" />
        </head>
        <body>
          {kind === 'share' ? (
            <QuoteDocument loaded={loaded} storeName={store.name} token={token} />
          ) : (
            <RequestStatus loaded={loaded} storeName={store.name} />
          )}
        </body>
      </html>
    ).toString()
  );
}

export const quotePage = new Hono<AppEnv>()
  .get('/quote.css', (c) => c.body(quoteCss, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }))
  .get('/:token', async (c) => {
    const token = c.req.param('token');
    const shared = await findSharedQuote(c.env, token);
    if (!shared) return notFound(c);
    return c.html(await page(c.env, shared.loaded, shared.kind, token), 200, PAGE_HEADERS);
  })
  // The share page's forms post here; the answer always shows the page again, so a second click, or a click on a
  // quote that expired meanwhile, just shows where it stands. A status link decides nothing: 404, as if unknown.
  .post('/:token/:decision{accept|reject}', async (c) => {
    const token = c.req.param('token');
    const shared = await findSharedQuote(c.env, token);
    if (shared?.kind !== 'share') return notFound(c);
    const { quote } = shared.loaded;
    if (shared.loaded.status === 'sent') {
      const decision = c.req.param('decision') as 'accept' | 'reject';
      try {
        const call = { env: c.env, ctx: c.executionCtx, storeId: quote.storeId, actor: 'buyer' } as const;
        await decideQuote(call, quote.id, decision, shared.hash);
      } catch (error) {
        // Revoked or replaced since the page read it: a dead link, as for a guessed token.
        if (error instanceof ApiError && error.code === 'NOT_FOUND') return notFound(c);
        if (!(error instanceof ApiError && error.code === 'ILLEGAL_TRANSITION')) throw error;
      }
    }
    return c.redirect(`/q/${token}`, 303);
  });
