import { readSnapshot } from '../../markets/service/snapshot';
import { documentSnapshot } from '../../store-profiles/service';
import type { TaxSettings } from '../../store-profiles/shapes';
import { givenDiscount, needsApproval } from '../totals';
import { illegal } from '../transitions';
import { deadLink, linkToken } from './links';
import { change, type QuoteCall } from './store';

// A quote's way from draft to decided: sending, the buyer's answer, cancelling, and the admin's approval. Which
// status allows each, and the status after it, is the transition table's (src/quotes/transitions.ts).

/**
 * Sends a draft: it is frozen from then on, and a new share token lets the buyer open it, accept and reject it.
 * The document keeps the store's profile and tax as they are now; a quote priced in a market, the market's tax
 * (docs/quotes.md, "Markets and price lists"; the store profile's when the market is gone since).
 * Answers the quote and the token, which is shown this once.
 */
export async function sendQuote(call: QuoteCall, id: string) {
  const { token, hash: shareTokenHash } = await linkToken();
  const profile = await documentSnapshot(call.env, call.storeId);
  const loaded = await change(call, id, 'send', async (q, threshold) => {
    const document =
      q.quote.market === null
        ? profile
        : { ...profile, tax: await marketTax(call.env, call.storeId, q.quote.market, profile.tax) };
    // The threshold may have been lowered since the draft was last edited: it binds at sending too.
    const { approvedDiscountMinor, approvedSubtotalMinor } = q.quote;
    const approved = { discountMinor: approvedDiscountMinor, subtotalMinor: approvedSubtotalMinor };
    if (needsApproval(q.quote, threshold, approved)) {
      throw illegal(q.quote, q.status, 'send', ' until an admin approves its discount');
    }
    if (q.items.length === 0) throw illegal(q.quote, q.status, 'send', ' without items');
    if (q.quote.validUntil < Date.now()) throw illegal(q.quote, q.status, 'send', ': its valid_until has passed');
    return { action: 'sent', details: {}, set: { sentAt: Date.now(), shareTokenHash, document } };
  });
  return { loaded, token };
}

/** A market's tax (null: none), or `fallback` when the store no longer has the market. */
async function marketTax(env: Env, storeId: string, marketId: string, fallback: TaxSettings | null): Promise<TaxSettings | null> {
  const market = (await readSnapshot(env, storeId))?.markets.find((m) => m.id === marketId);
  if (!market) return fallback;
  return market.taxRateBp === null ? null : { rateBp: market.taxRateBp, prices: market.taxPrices };
}

/**
 * The buyer's answer to a sent quote; an expired quote can be neither accepted nor rejected. Through the share
 * page, `shareTokenHash` is the link's: a link revoked or replaced after the page read the quote decides nothing
 * (NOT_FOUND, as for any dead link); `details` (the signer, the reason) go into the history entry.
 */
export function decideQuote(
  call: QuoteCall,
  id: string,
  decision: 'accept' | 'reject',
  shareTokenHash?: string,
  details: Record<string, unknown> = {},
) {
  return change(call, id, decision, (q) => {
    if (shareTokenHash !== undefined && q.quote.shareTokenHash !== shareTokenHash) throw deadLink();
    return { action: decision === 'accept' ? 'accepted' : 'rejected', details, set: { decidedAt: Date.now() } };
  });
}

/** Cancels a quote that is not yet decided; its links stop working. */
export function cancelQuote(call: QuoteCall, id: string, reason?: string) {
  return change(call, id, 'cancel', () => ({
    action: 'cancelled',
    details: reason ? { reason } : {},
    set: { shareTokenHash: null, statusTokenHash: null },
  }));
}

/**
 * An admin approves the discount of a quote awaiting approval (all of it: its line discounts and its own): it
 * becomes a draft that can be sent.
 */
export function approveDiscount(call: QuoteCall, id: string, note?: string) {
  return change(call, id, 'approve', (q) => {
    const given = givenDiscount(q.quote);
    return {
      action: 'discount_approved',
      details: note ? { note } : {},
      set: { approvedDiscountMinor: given.discountMinor, approvedSubtotalMinor: given.subtotalMinor },
    };
  });
}

/**
 * An admin declines the discount, with a note: all of it is removed (the quote's and every line's, as the
 * threshold weighed them together) and the quote is a draft again.
 */
export function declineDiscount(call: QuoteCall, id: string, note: string) {
  return change(call, id, 'decline', (q) => {
    const discounted = q.items.filter((i) => i.discount !== null);
    return {
      action: 'discount_declined',
      details: { note, discount: q.quote.discount, line_discounts: discounted.length },
      set: { discount: null },
      items: { put: discounted.map((i) => ({ ...i, discount: null })), remove: [] },
    };
  });
}
