import { and, count, eq, isNull } from 'drizzle-orm';
import { storeDatabase } from '../../db/client';
import { quotes } from '../../db/schema';
import { getStore } from '../../stores/service';
import { getQuote } from './store';

// Buyers' requests (docs/backoffice.md, "Requests"): quotes a storefront's quote:request key created, new until
// the desk first opens one. Opening is no change of the quote: no version, no history, no event; it only stops
// the request being counted as new (migrations/0017_quote_requests.sql, through quotes_store_requests).

/** How many of a store's requests nobody has opened yet. */
export async function countNewRequests(env: Env, storeId: string): Promise<number> {
  await getStore(env, storeId);
  const [row] = await (await storeDatabase(env, storeId))
    .select({ n: count() })
    .from(quotes)
    .where(and(eq(quotes.storeId, storeId), eq(quotes.requested, true), isNull(quotes.openedAt)));
  return row?.n ?? 0;
}

/** Marks a request opened, once (the first opening stays the one kept); a quote that is no request is left alone. */
export async function markOpened(env: Env, storeId: string, id: string): Promise<void> {
  await getQuote(env, storeId, id);
  await (await storeDatabase(env, storeId))
    .update(quotes)
    .set({ openedAt: Date.now() })
    .where(and(eq(quotes.id, id), eq(quotes.storeId, storeId), eq(quotes.requested, true), isNull(quotes.openedAt)));
}
