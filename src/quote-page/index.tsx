// /q/{token}: the buyer's pages. A share token (sent once, in `share_url`) opens this one quote's document with
// Accept and Reject; a status token (in `status_url`, given to whoever created the quote) a read-only page of where
// the request stands. Either stops working when the quote's links are revoked or the quote is cancelled, and then
// answers 404 like a token that never existed, with a page saying so (dead-link.tsx); the share link of a quote a
// revision replaced says that instead (superseded.tsx). Accept and Reject are plain
// HTML forms posting back here, so the pages run no script at all (docs/quotes.md).
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { formCap } from '../http/request-guards';
import { decideQuote } from '../quotes/service/lifecycle';
import { findSharedQuote } from '../quotes/service/links';
import type { LoadedQuote } from '../quotes/service/store';
import { documentLanguage, languageFromHeader, numberIn, wordsFor } from '../quotes/words';
import { getStore } from '../stores/service';
import { deadLinkPage } from './dead-link';
import { acceptance, type DecisionProblem, rejection } from './decision';
import { dateIn, QuoteDocument, sellerName } from './document';
import { ItemHeading } from './item-heading';
import { shell } from './shell';
import { quoteCss } from './styles';
import { supersededPage } from './superseded';

const PAGE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

/**
 * The status link's page: what was requested (products, choices, quantities) and where the request stands, no
 * prices and no buttons. The store may still be working on the draft (a discount awaiting approval, items
 * changed), and the offer's acceptance belongs to the share link, which the store sends to the customer's
 * address: whoever typed that address into a storefront must not be able to accept an offer made to it.
 */
function RequestStatus({ loaded, storeName }: { loaded: LoadedQuote; storeName: string }) {
  const { quote, status, items } = loaded;
  const lang = documentLanguage(quote.language);
  const words = wordsFor(lang);
  const date = dateIn(lang);
  const open = status === 'draft' || status === 'pending_approval';
  const label = open ? words.requestStatus.requested : status === 'sent' ? words.requestStatus.offered : words.status[status];
  return (
    <main>
      <header>
        <div>
          <div class="store">{storeName}</div>
          <h1>
            {words.request} {numberIn(words, quote)}
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
              <td class="num" data-label={words.quantity}>
                {item.quantity}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

async function page(env: Env, loaded: LoadedQuote, kind: 'share' | 'status', token: string, problem?: DecisionProblem) {
  const store = await getStore(env, loaded.quote.storeId);
  const lang = documentLanguage(loaded.quote.language);
  const words = wordsFor(lang);
  return shell(
    lang,
    `${kind === 'share' ? words.quote : words.request} ${numberIn(words, loaded.quote)} · ${store.name}`,
    kind === 'share' ? (
      <QuoteDocument loaded={loaded} storeName={store.name} token={token} problem={problem} />
    ) : (
      <RequestStatus loaded={loaded} storeName={store.name} />
    ),
  );
}

/**
 * 404 with a page in the quote's language naming its seller, or, for a token that names no quote, in the
 * browser's language (and no seller: nothing tells whose link it was).
 */
async function deadLink(c: Context<AppEnv>, quote?: LoadedQuote['quote']) {
  if (!quote) return c.html(deadLinkPage(languageFromHeader(c.req.header('Accept-Language'))), 404, PAGE_HEADERS);
  const store = await getStore(c.env, quote.storeId);
  return c.html(deadLinkPage(quote.language, sellerName(quote, store.name)), 404, PAGE_HEADERS);
}

export const quotePage = new Hono<AppEnv>()
  .get('/quote.css', (c) => c.body(quoteCss, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }))
  .get('/:token', async (c) => {
    const token = c.req.param('token');
    const shared = await findSharedQuote(c.env, token);
    if (!shared) return deadLink(c);
    if (shared.loaded.status === 'superseded') {
      const store = await getStore(c.env, shared.loaded.quote.storeId);
      return c.html(supersededPage(shared.loaded, store.name), 200, PAGE_HEADERS);
    }
    return c.html(await page(c.env, shared.loaded, shared.kind, token), 200, PAGE_HEADERS);
  })
  // The share page's forms post here; a decision taken answers with the page again, so a second click, or a click
  // on a quote that expired meanwhile, just shows where it stands. An Accept without a name or the consent shows
  // the page with the problem (422). A status link decides nothing: 404, as if unknown.
  .post('/:token/:decision{accept|reject}', formCap, async (c) => {
    const token = c.req.param('token');
    const shared = await findSharedQuote(c.env, token);
    if (shared?.kind !== 'share') return deadLink(c, shared?.loaded.quote);
    const { quote } = shared.loaded;
    if (shared.loaded.status === 'sent') {
      const decision = c.req.param('decision') as 'accept' | 'reject';
      const body = await c.req.parseBody();
      const address = c.req.header('CF-Connecting-IP') ?? null;
      const answer =
        decision === 'accept'
          ? acceptance(body, wordsFor(documentLanguage(quote.language)), address)
          : { details: rejection(body, address) };
      if ('problem' in answer) return c.html(await page(c.env, shared.loaded, 'share', token, answer.problem), 422, PAGE_HEADERS);
      try {
        const call = { env: c.env, storeId: quote.storeId, actor: 'buyer' } as const;
        await decideQuote(call, quote.id, decision, shared.hash, answer.details);
      } catch (error) {
        // Revoked or replaced since the page read it: a dead link, as for a guessed token.
        if (error instanceof ApiError && error.code === 'NOT_FOUND') return deadLink(c, quote);
        if (!(error instanceof ApiError && error.code === 'ILLEGAL_TRANSITION')) throw error;
      }
    }
    return c.redirect(`/q/${token}`, 303);
  });
