import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { LIMITS, type StoredStatus } from '../../api/quote-limits';
import { versionETag } from '../../api/version-etag';
import { type Database, database } from '../../db/client';
import { quoteHistory, quoteItems, quotes } from '../../db/schema';
import { ApiError } from '../../errors';
import { deliveryIds, handOver, outboxWrites } from '../../outbox/service';
import { quoteEvent } from '../events';
import type { PricedRow } from '../pricing';
import { EDITABLE, type LineDiscount } from '../shapes';
import { checkQuoteSize } from '../size';
import { discountOff, needsApproval, quoteTotals } from '../totals';
import { type Action, effectiveStatus, type Transition, transition } from '../transitions';
import { insertWhere } from './insert-where';
import type { ItemRow, LoadedQuote, QuoteRow } from './rows';
import { approvalThreshold } from './settings';

export type { HistoryRow, ItemRow, LoadedQuote, QuoteRow } from './rows';

// A quote as stored (migrations/0004_quotes.sql) and the one way it changes. Every change is one D1 batch that
// writes the items, the totals, the history entry and the new version together, each statement guarded by the
// version the change was computed from, so a change computed from a stale quote writes nothing (optimistic
// concurrency: 412 with If-Match, else computed again). Which changes a quote's status allows, and the status
// after them, is the transition table's (src/quotes/transitions.ts): a change names its action, never a status.
// The event of a transition (if the table names one) is written to the outbox in the same batch, under the same
// guard, and handed to the queue once the batch is written (src/outbox/service.ts).

/** Who made a change, as the history records it: an API key, the admin, or the buyer through the share link. */
export type Actor = `key:${string}` | 'admin' | 'buyer';

/** What every change of a store's quotes takes: the request it comes in, the store, who makes it. */
export interface QuoteCall {
  env: Env;
  storeId: string;
  actor: Actor;
  /** The version the request's If-Match names: the change is made to that version only. */
  ifMatch?: number | undefined;
}

/**
 * How often a change without If-Match is computed again when another change got in first, each time after a
 * random pause that grows with the attempt, so that a burst of writers to one quote spreads out instead of
 * colliding again (50 concurrent item adds all land within these; test/api/quotes-concurrency.cases.ts).
 */
const ATTEMPTS = 40;
const BACKOFF_MS = 8;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_MS * Math.min(attempt, 10)));

/** The columns of an item row that pricing decides. */
export const pricedFields = (r: PricedRow) => ({
  productId: r.productId,
  productVersion: r.productVersion,
  contentHash: r.contentHash,
  quantity: r.quantity,
  configuration: r.configuration,
  priced: r.priced,
  totalMinor: r.totalMinor,
});

/** An item as a change writes it: priced, with its line discount (null: none). */
export type PutItem = PricedRow & { id: string; discount: LineDiscount | null };

/** The columns of an item row a change writes: its pricing, and its line discount with what it takes off. */
const itemFields = (r: PutItem, minorUnits: number) => ({
  ...pricedFields(r),
  discount: r.discount,
  discountMinor: discountOff(r.totalMinor, r.discount, minorUnits),
});

export const itemValues = (quote: { id: string; storeId: string }, rows: readonly PutItem[], minorUnits: number) =>
  rows.map((r, position) => ({ id: r.id, quoteId: quote.id, storeId: quote.storeId, position, ...itemFields(r, minorUnits) }));

export async function findQuote(env: Env, storeId: string, id: string): Promise<LoadedQuote | undefined> {
  const db = database(env);
  const [found, items, history] = await db.batch([
    db
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, id), eq(quotes.storeId, storeId))),
    db.select().from(quoteItems).where(eq(quoteItems.quoteId, id)).orderBy(asc(quoteItems.position)),
    db.select().from(quoteHistory).where(eq(quoteHistory.quoteId, id)).orderBy(asc(quoteHistory.version)),
  ]);
  const quote = found[0];
  if (!quote) return undefined;
  return { quote, status: effectiveStatus(quote.status, quote.validUntil, Date.now()), items, history };
}

/** One quote of the store with its items and history; NOT_FOUND for another store's quote, as for an unknown one. */
export async function getQuote(env: Env, storeId: string, id: string): Promise<LoadedQuote> {
  const loaded = await findQuote(env, storeId, id);
  if (!loaded) throw new ApiError('NOT_FOUND', `Quote '${id}' not found`);
  return loaded;
}

/**
 * What one change does to a quote: its history entry (`action` as the history names it), the columns it sets (the
 * status is the transition's), and, when items change, all of them.
 */
export interface Change {
  action: string;
  details: Record<string, unknown>;
  set: Partial<Pick<QuoteRow, 'customer' | 'notes' | 'validUntil' | 'discount' | 'sentAt' | 'decidedAt' | 'supersededBy'>> &
    Partial<Pick<QuoteRow, 'shareTokenHash' | 'statusTokenHash' | 'approvedDiscountMinor' | 'approvedSubtotalMinor'>> &
    Partial<Pick<QuoteRow, 'document' | 'priceList' | 'priceListVersion'>>;
  /** Items written (an id the quote has is replaced in place, a new one added last) and removed. */
  items?: { put: PutItem[]; remove: string[] };
  /**
   * More rows the change writes, in its batch after the quote's update: each must write nothing unless that
   * update did (insertWhere, on what the update set), so a change that lost to another leaves no trace.
   */
  also?: (db: Database) => BatchItem<'sqlite'>[];
}

/**
 * Computes a change from the quote as it is and writes it in one batch guarded by that version. With `ifMatch`,
 * a quote whose version differs (before or during) is PRECONDITION_FAILED; without, the change is computed again
 * from the newer quote. The action must be one the transition table allows the actor from the quote's status, on
 * every attempt. Its event (if the table names one) is written in the same batch, then handed to the queue.
 */
export async function change(
  call: QuoteCall,
  id: string,
  act: Action,
  /** Gets the store's approval threshold too, read once per request; null: nothing to change, the quote stays as it is. */
  plan: (loaded: LoadedQuote, threshold: number | null) => Promise<Change | null> | Change | null,
  /** The quote as the caller just read it, for the first attempt. */
  read?: LoadedQuote,
): Promise<LoadedQuote> {
  const { env, storeId, actor, ifMatch } = call;
  const threshold = await approvalThreshold(env, storeId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(attempt);
    const loaded = attempt === 0 && read ? read : await getQuote(env, storeId, id);
    if (ifMatch !== undefined && loaded.quote.version !== ifMatch) throw stale(loaded.quote.number, loaded.quote.version);
    const taken = transition(loaded.quote, loaded.status, act, actor);
    const planned = await plan(loaded, threshold);
    if (planned === null) return loaded;
    const outcome = await write(env, loaded, planned, taken, actor, threshold);
    if (outcome.written) {
      await handOver(env, outcome.deliveries);
      return getQuote(env, storeId, id);
    }
    if (ifMatch !== undefined) throw stale(loaded.quote.number, outcome.version);
  }
  throw new ApiError('CONFLICT', `Quote '${id}' is being changed by others; try again`);
}

export function stale(number: string, version: number): ApiError {
  return new ApiError(
    'PRECONDITION_FAILED',
    `Quote ${number} has changed (it is at version ${version}); read it again and retry`,
    { details: { version } },
    { ETag: versionETag(version) },
  );
}

/**
 * The batch of one change: not written when another change got in first; `version` is the quote's after it,
 * `deliveries` those of its event.
 */
async function write(
  env: Env,
  loaded: LoadedQuote,
  planned: Change,
  taken: Transition,
  actor: Actor,
  threshold: number | null,
): Promise<{ written: boolean; version: number; deliveries: string[] }> {
  const { quote } = loaded;
  const db = database(env);
  const now = Date.now();
  const set: Change['set'] & Partial<QuoteRow> = { ...planned.set };
  // `expired` is read, never stored: a transition that stays expired leaves the stored `sent` as it is.
  const status: StoredStatus = taken.to === 'expired' ? quote.status : taken.to;
  if (status !== quote.status) set.status = status;
  const put = new Map(planned.items?.put.map((i) => [i.id, { id: i.id, ...itemFields(i, quote.minorUnits) }]));
  const removed = new Set(planned.items?.remove);
  const existing = new Set(loaded.items.map((i) => i.id));
  const after = [
    ...loaded.items.filter((i) => !removed.has(i.id)).map((i) => put.get(i.id) ?? i),
    ...[...put.values()].filter((i) => !existing.has(i.id)),
  ];
  if (planned.items) checkQuoteSize(after, LIMITS.quoteChars);
  if (EDITABLE.includes(status)) {
    const discount = planned.set.discount !== undefined ? planned.set.discount : quote.discount;
    const totals = quoteTotals(after, discount, quote.minorUnits);
    const approved = {
      discountMinor: planned.set.approvedDiscountMinor ?? quote.approvedDiscountMinor,
      subtotalMinor: planned.set.approvedSubtotalMinor ?? quote.approvedSubtotalMinor,
    };
    Object.assign(set, totals, { status: needsApproval(totals, threshold, approved) ? 'pending_approval' : 'draft' });
  }
  // Each statement inserts from, or deletes where, the quote still is at the version the change was computed from.
  const unchanged = and(eq(quotes.id, quote.id), eq(quotes.version, quote.version));
  const entry = { version: quote.version + 1, at: now, actor, action: planned.action, details: planned.details };
  const history = insertWhere(db, quoteHistory, { quoteId: quote.id, ...entry }, unchanged);
  const guarded = exists(db.select({ one: sql`1` }).from(quotes).where(unchanged));
  let next = Math.max(-1, ...loaded.items.map((i) => i.position)) + 1;
  const items = [
    ...[...removed].map((itemId) =>
      db.delete(quoteItems).where(and(eq(quoteItems.id, itemId), eq(quoteItems.quoteId, quote.id), guarded)),
    ),
    ...[...put.values()].map((r) => {
      if (existing.has(r.id)) {
        const { id: _, ...fields } = r;
        return db
          .update(quoteItems)
          .set(fields)
          .where(and(eq(quoteItems.id, r.id), eq(quoteItems.quoteId, quote.id), guarded));
      }
      return insertWhere(db, quoteItems, { ...r, quoteId: quote.id, storeId: quote.storeId, position: next++ }, unchanged);
    }),
  ];
  // After the statements above, which read the version this one moves on; only the change's `also` rows follow it.
  const update = db
    .update(quotes)
    .set({ ...set, version: sql`${quotes.version} + 1`, updatedAt: now })
    .where(unchanged)
    .returning({ version: quotes.version });
  const current = db.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, quote.id));
  // The event, before the update like the rows above, so it is written only with the change (never for a stale one).
  const event = taken.event ? outboxWrites(db, quoteEvent(taken.event, asWritten(loaded, set, after, now), now), guarded) : [];
  const at = 1 + items.length + event.length;
  const results = await db.batch([history, ...items, ...event, update, current, ...(planned.also?.(db) ?? [])]);
  return {
    written: (results[at] as unknown[]).length === 1,
    version: (results[at + 1] as { version: number }[])[0]?.version ?? quote.version,
    deliveries: event.length > 0 ? deliveryIds(results[at - 1]) : [],
  };
}

/** The quote as a change writes it: the columns it sets, the next version, its items in their order. */
function asWritten(
  loaded: LoadedQuote,
  set: Partial<QuoteRow>,
  items: Omit<ItemRow, 'quoteId' | 'storeId' | 'position'>[],
  now: number,
) {
  const quote: QuoteRow = { ...loaded.quote, ...set, version: loaded.quote.version + 1, updatedAt: now };
  const rows = items.map((i, position) => ({ ...i, quoteId: quote.id, storeId: quote.storeId, position }));
  return { quote, status: effectiveStatus(quote.status, quote.validUntil, now), items: rows, history: loaded.history };
}
