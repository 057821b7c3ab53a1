import { and, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { QuoteStatus } from '../../api/quote-limits';
import { inChunks } from '../../db/chunks';
import { storeDatabase } from '../../db/client';
import { quoteItems, quotes } from '../../db/schema';
import { ApiError } from '../../errors';
import { getStore } from '../../stores/service';
import { effectiveStatus } from '../transitions';
import { endOfDay } from '../validity';

export interface ListQuery {
  status?: QuoteStatus | undefined;
  /** The number of the last quote of the previous page, and `.<revision>` after a revision's. */
  cursor?: string | undefined;
  limit: number;
  /** Part of a number, of the customer's name, company, email or reference, or of an item's product id (A–Z in any case). */
  search?: string | undefined;
  /** A product id one of the quote's items was configured from. */
  product?: string | undefined;
  /** The first and the last day (YYYY-MM-DD, UTC) a listed quote was created on, both included. */
  from?: string | undefined;
  to?: string | undefined;
  /** The first and the last day (UTC) a listed quote was accepted or rejected on, both included (the overview's links). */
  decided_from?: string | undefined;
  decided_to?: string | undefined;
  /** Buyers' requests only: the ones not opened yet (new), or all of them (any). */
  request?: 'new' | 'any' | undefined;
}

/** A query's day as the time its first millisecond (UTC) is; VALIDATION_FAILED for text that is no day. */
function dayStart(field: string, text: string): number {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  // Date.parse rolls 2026-02-30 over to March: a day is one only if it reads back the same.
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text) {
    throw new ApiError('VALIDATION_FAILED', `${field} must be a day as YYYY-MM-DD`, {
      errors: [{ field, code: 'INVALID_VALUE', message: 'Not a day (YYYY-MM-DD)', location: 'query' }],
    });
  }
  return at;
}

/** A range of days of one of a quote's times, checked (a range that ends before it starts is refused, not answered empty). */
function daysBetween(column: SQLiteColumn, [fromField, toField]: [string, string], from?: string, to?: string): SQL[] {
  const start = from === undefined ? undefined : dayStart(fromField, from);
  const end = to === undefined ? undefined : dayStart(toField, to);
  if (start !== undefined && end !== undefined && end < start) {
    throw new ApiError('VALIDATION_FAILED', `${toField} must be the same day as ${fromField} or later`, {
      errors: [{ field: toField, code: 'INVALID_VALUE', message: `Before ${fromField}`, location: 'query' }],
    });
  }
  return [...(start === undefined ? [] : [gte(column, start)]), ...(end === undefined ? [] : [lte(column, endOfDay(to!))])];
}

const cursorOf = (q: { number: string; revision: number }) => (q.revision > 1 ? `${q.number}.${q.revision}` : q.number);

/** A store's quotes, newest first (by number, then revision), a page at a time; `next_cursor` is null on the last page. */
export async function listQuotes(env: Env, storeId: string, query: ListQuery) {
  const days = [
    ...daysBetween(quotes.createdAt, ['from', 'to'], query.from, query.to),
    ...daysBetween(quotes.decidedAt, ['decided_from', 'decided_to'], query.decided_from, query.decided_to),
  ];
  await getStore(env, storeId);
  const now = Date.now();
  const conditions: (SQL | undefined)[] = [eq(quotes.storeId, storeId), ...days];
  if (query.status === 'expired') conditions.push(and(eq(quotes.status, 'sent'), lt(quotes.validUntil, now)));
  else if (query.status === 'sent') conditions.push(and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} >= ${now}`));
  else if (query.status) conditions.push(eq(quotes.status, query.status));
  if (query.cursor) {
    const m = /^Q-(\d{4})-(\d{6,})(?:\.(\d{1,9}))?$/.exec(query.cursor);
    if (!m) {
      throw new ApiError('BAD_REQUEST', 'Invalid cursor', {
        errors: [{ field: 'cursor', code: 'INVALID_VALUE', message: 'Not a cursor this API gave out', location: 'query' }],
      });
    }
    const [year, seq, revision] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 1)];
    const earlierRevision = and(eq(quotes.seq, seq), lt(quotes.revision, revision));
    conditions.push(or(lt(quotes.year, year), and(eq(quotes.year, year), or(lt(quotes.seq, seq), earlierRevision))));
  }
  if (query.request) conditions.push(eq(quotes.requested, true));
  if (query.request === 'new') conditions.push(isNull(quotes.openedAt));
  if (query.search) {
    // instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes, so a search of 49 characters (25 ü) was a 500.
    // lower() folds A–Z only, as LIKE did: other letters match as written (docs/quotes.md, "Calls").
    const matches = (column: SQL | typeof quotes.number) => sql`instr(lower(${column}), lower(${query.search})) > 0`;
    const product = sql`EXISTS (SELECT 1 FROM ${quoteItems} WHERE ${quoteItems.quoteId} = ${quotes.id} AND ${matches(sql`${quoteItems.productId}`)})`;
    conditions.push(or(matches(quotes.number), matches(sql`${quotes.customer}`), product));
  }
  // The store's quotes with an item of the product, through quote_items_store_product (migrations/0013).
  const db = await storeDatabase(env, storeId);
  if (query.product) {
    const items = db
      .select({ id: quoteItems.quoteId })
      .from(quoteItems)
      .where(and(eq(quoteItems.storeId, storeId), eq(quoteItems.productId, query.product)));
    conditions.push(inArray(quotes.id, items));
  }
  const rows = await db
    .select()
    .from(quotes)
    .where(and(...conditions))
    .orderBy(desc(quotes.year), desc(quotes.seq), desc(quotes.revision))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const counts = await inChunks(
    page.map((q) => q.id),
    0,
    (ids) =>
      db
        .select({ quoteId: quoteItems.quoteId, n: sql<number>`count(*)` })
        .from(quoteItems)
        .where(inArray(quoteItems.quoteId, ids))
        .groupBy(quoteItems.quoteId),
  );
  const itemCount = new Map(counts.map((c) => [c.quoteId, c.n]));
  return {
    quotes: page.map((quote) => ({
      quote,
      status: effectiveStatus(quote.status, quote.validUntil, now),
      itemCount: itemCount.get(quote.id) ?? 0,
    })),
    nextCursor: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
  };
}
