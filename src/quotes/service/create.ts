import { sql } from 'drizzle-orm';
import { LIMITS } from '../../api/quote-limits';
import { database } from '../../db/client';
import { quoteCounters, quoteHistory, quoteItems, quotes } from '../../db/schema';
import { sha256Hex } from '../../keys/secret';
import type { ResolvedPricing } from '../../markets/resolve';
import { deliveryIds, fillToken, handOver, outboxWrites } from '../../outbox/service';
import { getStore } from '../../stores/service';
import { quoteEvent } from '../events';
import { type ItemInput, pinned, priceAll } from '../pricing';
import type { QuoteCustomer } from '../shapes';
import { checkQuoteSize } from '../size';
import { quoteTotals } from '../totals';
import { CREATE } from '../transitions';
import { checkValidUntil, defaultValidUntil, endOfDay } from '../validity';
import { linkToken } from './links';
import { keepAsCreated, replayed, scopedKey } from './replays';
import { findQuote, itemValues, type QuoteCall, type QuoteRow } from './store';

// A new quote. Numbers come from a counter row incremented in the batch that inserts the quote, which D1
// serialises: no read-then-write across awaits.

export interface NewQuote {
  items: ItemInput[];
  customer: QuoteCustomer;
  notes?: string | undefined;
  validUntil?: string | undefined;
  language?: string | undefined;
  idempotency?: { key: string; body: string } | undefined;
  /**
   * Created by a `quote:request` key: at most LIMITS.requestChars of items, and a retry answers the quote as this
   * create makes it (replays.ts).
   */
  request: boolean;
  /** The number of the quote this one copies (clone.ts), told in its first history entry. */
  clonedFrom?: string | undefined;
  /** The market, group and list in force its items are priced with, pinned on the quote. */
  pricing: ResolvedPricing;
}

/**
 * A new draft, numbered Q-<year>-<6 digits> per store: one batch increments the store's counter for the year,
 * inserts the quote numbered from it, its items and its first history entry. When any statement fails (a
 * concurrent create with the same Idempotency-Key), the whole batch rolls back, the number included. A quote a
 * storefront's quote:request key asked for is "requested": its event is written in the same batch (the outbox, with
 * the number the batch gives it) and handed to the queue after; a draft the store makes itself is not news.
 * Returns the quote, whether this call created it (false: a retry with the same key), and, when it did, the
 * token of the quote's status link (a read-only page of where the request stands, for whoever created it).
 */
export async function createQuote(call: QuoteCall, input: NewQuote) {
  const { env, storeId, actor } = call;
  await getStore(env, storeId);
  const idempotency = input.idempotency && {
    ...input.idempotency,
    key: scopedKey(actor, input.idempotency.key),
    hash: await sha256Hex(input.idempotency.body),
  };
  if (idempotency) {
    const earlier = await replayed(env, storeId, idempotency.key, idempotency.hash);
    if (earlier) return { loaded: earlier, created: false, statusToken: null };
  }
  const now = Date.now();
  const validUntil = input.validUntil ? endOfDay(input.validUntil) : defaultValidUntil(now);
  checkValidUntil(validUntil, now);
  const language = input.language ?? 'en';
  const priced = await priceAll(env, storeId, input.items, language, null, input.pricing);
  checkQuoteSize(priced, input.request ? LIMITS.requestChars : LIMITS.quoteChars);
  const first = priced[0]!;
  const id = crypto.randomUUID();
  const minorUnits = first.priced.minor_units;
  const items = itemValues(
    { id, storeId },
    priced.map((p) => ({ ...p, id: crypto.randomUUID(), discount: null })),
    minorUnits,
  );
  const totals = quoteTotals(items, null, minorUnits);
  const status = await linkToken();
  const year = new Date(now).getUTCFullYear();
  // seq and number are the counter's, set in the batch.
  const quote: QuoteRow = {
    id,
    storeId,
    year,
    seq: 0,
    number: '',
    revision: 1,
    revises: null,
    supersededBy: null,
    status: CREATE.to,
    version: 1,
    currency: first.priced.currency,
    minorUnits,
    language,
    customer: input.customer,
    notes: input.notes ?? null,
    validUntil,
    discount: null,
    ...totals,
    approvedDiscountMinor: null,
    approvedSubtotalMinor: null,
    shareTokenHash: null,
    statusTokenHash: status.hash,
    document: null,
    idempotencyKey: idempotency?.key ?? null,
    idempotencyHash: idempotency?.hash ?? null,
    createdBy: actor,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    decidedAt: null,
    requested: input.request,
    openedAt: null,
    ...pinned(input.pricing),
  };
  const history = {
    quoteId: id,
    version: 1,
    at: now,
    actor,
    action: 'created',
    details: { items: priced.length, ...(input.clonedFrom ? { cloned_from: input.clonedFrom } : {}) },
  };
  const db = database(env);
  const counter = sql<number>`(SELECT last FROM quote_counters WHERE store_id = ${storeId} AND year = ${year})`;
  const number = { token: fillToken(), value: sql`(SELECT number FROM quotes WHERE id = ${id})` };
  const event = input.request
    ? outboxWrites(
        db,
        quoteEvent(CREATE.event, { quote: { ...quote, number: number.token }, status: CREATE.to, items, history: [] }, now),
        sql`1`,
        number,
      )
    : [];
  let results: unknown[];
  try {
    results = await db.batch([
      db
        .insert(quoteCounters)
        .values({ storeId, year, last: 1 })
        .onConflictDoUpdate({
          target: [quoteCounters.storeId, quoteCounters.year],
          set: { last: sql`${quoteCounters.last} + 1` },
        }),
      db.insert(quotes).values({ ...quote, seq: counter, number: sql`printf('Q-%d-%06d', ${year}, ${counter})` }),
      ...items.map((row) => db.insert(quoteItems).values(row)),
      db.insert(quoteHistory).values(history),
      ...(idempotency && input.request ? [keepAsCreated(db, quote, items, history)] : []),
      ...event,
    ]);
  } catch (error) {
    // Only a concurrent create with the same key fails here; its quote is the answer, as for any retry.
    const earlier = idempotency ? await replayed(env, storeId, idempotency.key, idempotency.hash) : undefined;
    if (earlier) return { loaded: earlier, created: false, statusToken: null };
    throw error;
  }
  if (event.length > 0) await handOver(env, deliveryIds(results.at(-1)));
  const loaded = (await findQuote(env, storeId, id))!;
  return { loaded, created: true, statusToken: status.token };
}
