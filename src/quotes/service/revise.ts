import { and, eq } from 'drizzle-orm';
import { quoteHistory, quoteItems, quotes } from '../../db/schema';
import { needsApproval, quoteTotals } from '../totals';
import { defaultValidUntil } from '../validity';
import { insertWhere } from './insert-where';
import { change, getQuote, itemValues, type QuoteCall, type QuoteRow } from './store';

/**
 * A new revision of a sent (or expired) quote: a draft under the same number and the next revision, with its
 * customer, notes, language, discount and items (their versions, prices and line discounts as they were; a
 * re-price moves them on), its validity the default from today, and its approval weighed again. The quote it
 * revises becomes superseded, and its share link tells the buyer so. One batch, guarded like every change
 * (store.ts): of two revisions of one quote at once, one is written and the other finds it superseded (409).
 * The status link (for whoever requested the quote) moves to the revision. Answers the revision.
 */
export async function reviseQuote(call: QuoteCall, id: string) {
  const revisionId = crypto.randomUUID();
  const made = eq(quotes.id, revisionId);
  await change(call, id, 'revise', (q, threshold) => {
    const old = q.quote;
    const now = Date.now();
    const items = itemValues(
      { id: revisionId, storeId: old.storeId },
      q.items.map((i) => ({ ...i, id: crypto.randomUUID() })),
      old.minorUnits,
    );
    const totals = quoteTotals(items, old.discount, old.minorUnits);
    const pending = needsApproval(totals, threshold, { discountMinor: null, subtotalMinor: null });
    const revision: QuoteRow = {
      ...old,
      ...totals,
      id: revisionId,
      revision: old.revision + 1,
      revises: old.id,
      supersededBy: null,
      status: pending ? 'pending_approval' : 'draft',
      version: 1,
      validUntil: defaultValidUntil(now),
      approvedDiscountMinor: null,
      approvedSubtotalMinor: null,
      shareTokenHash: null,
      document: null,
      idempotencyKey: null,
      idempotencyHash: null,
      createdBy: call.actor,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
      decidedAt: null,
    };
    const history = {
      quoteId: revisionId,
      version: 1,
      at: now,
      actor: call.actor,
      action: 'created',
      details: { items: items.length, revises: old.id },
    };
    // Written only when the old quote's update was: it then names this revision.
    const superseded = and(eq(quotes.id, old.id), eq(quotes.supersededBy, revisionId));
    return {
      action: 'superseded',
      details: { revision: revision.revision, superseded_by: revisionId },
      set: { supersededBy: revisionId, statusTokenHash: null },
      also: (db) => [
        insertWhere(db, quotes, revision, superseded),
        ...items.map((row) => insertWhere(db, quoteItems, row, made)),
        insertWhere(db, quoteHistory, history, made),
      ],
    };
  });
  return getQuote(call.env, call.storeId, revisionId);
}
