import { Hono } from 'hono';
import { storeCopyPage } from '../../quote-page/store-copy';
import { findQuote } from '../../quotes/service/store';
import type { BackofficeEnv } from '../env';
import { enc, load, PageNotFound } from '../load';
import type { StoreJson } from '../types';

// Stores > Quotes > a quote > "The document as sent": the buyer's page itself (src/quote-page/), read straight from
// the quote's storage rather than the admin API, which serves JSON: the admin API has no HTML of the document to give.
// A quote not sent yet has no document: not found.

export const quoteDocumentPages = new Hono<BackofficeEnv>().get('/:store/quotes/:id/document', async (c) => {
  const store = await load<StoreJson>(c, `/stores/${enc(c.req.param('store'))}`);
  const loaded = await findQuote(c.env, store.id, c.req.param('id'));
  if (!loaded) throw new PageNotFound('There is no such quote in this store.');
  if (loaded.quote.sentAt === null)
    throw new PageNotFound(`Quote ${loaded.quote.number} has not been sent: it has no document yet.`);
  return c.html(storeCopyPage(loaded, store.name), 200, { 'Cache-Control': 'no-store' });
});
