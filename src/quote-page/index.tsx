// /q/{token}: the buyer's quote page. The token (sent once, in `share_url`) opens this one quote and nothing else,
// and stops working when the quote is cancelled. Accept and Reject are plain HTML forms posting back here, so the
// page runs no script at all (docs/quotes.md).
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { notFound } from '../http/on-error';
import { decideQuote, findSharedQuote, type LoadedQuote } from '../quotes/service';
import { majorOf } from '../quotes/totals';
import { wordsFor } from '../quotes/words';
import { getStore } from '../stores/service';
import { quoteCss } from './styles';

const PAGE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

function QuoteDocument({ loaded, storeName, token }: { loaded: LoadedQuote; storeName: string; token: string }) {
  const { quote, status, items } = loaded;
  const words = wordsFor(quote.language);
  const money = new Intl.NumberFormat(quote.language, { style: 'currency', currency: quote.currency });
  const amount = (major: number) => money.format(major);
  const minor = (m: number) => amount(majorOf(m, quote.minorUnits));
  const date = (ms: number) => new Intl.DateTimeFormat(quote.language, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
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
                <strong>
                  {i + 1}. {item.priced.product_name}
                </strong>
                <ul class="summary">
                  {item.priced.summary.map((s) => (
                    <li>
                      {s.label}: {s.value_label}
                    </li>
                  ))}
                </ul>
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

async function page(env: Env, loaded: LoadedQuote, token: string) {
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
            {words.quote} {loaded.quote.number} · {store.name}
          </title>
          <link rel="stylesheet" href="/q/quote.css" />
        </head>
        <body>
          <QuoteDocument loaded={loaded} storeName={store.name} token={token} />
        </body>
      </html>
    ).toString()
  );
}

export const quotePage = new Hono<AppEnv>()
  .get('/quote.css', (c) => c.body(quoteCss, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }))
  .get('/:token', async (c) => {
    const token = c.req.param('token');
    const loaded = await findSharedQuote(c.env, token);
    if (!loaded) return notFound(c);
    return c.html(await page(c.env, loaded, token), 200, PAGE_HEADERS);
  })
  // The page's forms post here; the answer always shows the page again, so a second click, or a click on a quote
  // that expired meanwhile, just shows where it stands.
  .post('/:token/:decision{accept|reject}', async (c) => {
    const token = c.req.param('token');
    const loaded = await findSharedQuote(c.env, token);
    if (!loaded) return notFound(c);
    if (loaded.status === 'sent') {
      const decision = c.req.param('decision') as 'accept' | 'reject';
      await decideQuote(c.env, loaded.quote.storeId, loaded.quote.id, 'buyer', undefined, decision).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'ILLEGAL_TRANSITION')) throw error;
      });
    }
    return c.redirect(`/q/${token}`, 303);
  });
