import { and, eq, sql } from 'drizzle-orm';
import { type Database, storeDatabase } from '../../db/client';
import { quoteReplays, quotes } from '../../db/schema';
import { ApiError } from '../../errors';
import { CREATE } from '../transitions';
import { type Actor, findQuote, type HistoryRow, type ItemRow, type LoadedQuote, type QuoteRow } from './store';

// Retries of a create (docs/quotes.md, "Integrity under concurrency"). An Idempotency-Key is scoped to the actor
// that sent it (migrations/0007): another key's same Idempotency-Key is another request. A retry by a
// `quote:request` key answers the quote as its create made it (version 1, kept in `quote_replays`), never the
// store's later work on it (notes, a discount, the history); a retry by a key that may change quotes answers
// the quote as it is, which that key may read and change anyway.

/** How the quotes table keeps a key: after its actor and a space (an actor never holds one). */
export const scopedKey = (actor: Actor, key: string) => `${actor} ${key}`;

/** The quote as created, kept for `quote:request` retries; its number comes from the counter in the same batch. */
export function keepAsCreated(db: Database, quote: QuoteRow, items: ItemRow[], history: HistoryRow) {
  const kept = JSON.stringify({ quote, items, history: [history] });
  return db.insert(quoteReplays).select(
    db
      .select({
        quoteId: quotes.id,
        quote: sql<string>`json_set(${kept}, '$.quote.seq', ${quotes.seq}, '$.quote.number', ${quotes.number})`.as('quote'),
      })
      .from(quotes)
      .where(eq(quotes.id, quote.id)),
  );
}

/** The answer to a retry of a create, or undefined when the key made no quote yet; CONFLICT for another body. */
export async function replayed(env: Env, storeId: string, key: string, hash: string): Promise<LoadedQuote | undefined> {
  const row = await (await storeDatabase(env, storeId))
    .select({ id: quotes.id, hash: quotes.idempotencyHash, kept: quoteReplays.quote })
    .from(quotes)
    .leftJoin(quoteReplays, eq(quoteReplays.quoteId, quotes.id))
    .where(and(eq(quotes.storeId, storeId), eq(quotes.idempotencyKey, key)))
    .get();
  if (!row) return undefined;
  if (row.hash !== hash) {
    throw new ApiError('CONFLICT', 'This Idempotency-Key was used for a different request; use a new key for a new quote');
  }
  if (row.kept === null) return findQuote(env, storeId, row.id);
  const kept = JSON.parse(row.kept) as {
    quote: Omit<QuoteRow, 'revision' | 'revises' | 'supersededBy' | 'lineDiscountMinor'> & Partial<QuoteRow>;
    items: (Omit<ItemRow, 'discount' | 'discountMinor' | 'storeId'> & Partial<ItemRow>)[];
    history: HistoryRow[];
  };
  // Kept before migration 0010, a quote had no revision and its items no line discount: the columns' defaults; kept
  // before 0013, its items no store: the quote's.
  const quote = { revision: 1, revises: null, supersededBy: null, lineDiscountMinor: 0, ...kept.quote };
  const items = kept.items.map((i) => ({ discount: null, discountMinor: 0, storeId, ...i }));
  return { ...kept, quote, items, status: CREATE.to };
}
