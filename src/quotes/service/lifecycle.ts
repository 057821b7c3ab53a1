import type { StoredStatus } from '../../api/quote-limits';
import { needsApproval } from '../totals';
import { deadLink, linkToken } from './links';
import { type Actor, change, illegal } from './store';

// A quote's way from draft to decided: sending, the buyer's answer, cancelling, and the admin's approval.

/**
 * Sends a draft: it is frozen from then on, and a new share token lets the buyer open it, accept and reject it.
 * Answers the quote and the token, which is shown this once.
 */
export async function sendQuote(env: Env, storeId: string, id: string, actor: Actor, ifMatch: number | undefined) {
  const { token, hash: shareTokenHash } = await linkToken();
  const loaded = await change(env, storeId, id, actor, ifMatch, (q, threshold) => {
    // The threshold may have been lowered since the draft was last edited: it binds at sending too.
    const { subtotalMinor, discountMinor, totalMinor, approvedDiscountMinor, approvedSubtotalMinor } = q.quote;
    const approved = { discountMinor: approvedDiscountMinor, subtotalMinor: approvedSubtotalMinor };
    const held = needsApproval({ subtotalMinor, discountMinor, totalMinor }, threshold, approved);
    if (q.quote.status === 'pending_approval' || held) throw illegal(q, 'sent', ' until an admin approves its discount');
    if (q.quote.status !== 'draft') throw illegal(q, 'sent');
    if (q.items.length === 0) throw illegal(q, 'sent', ' without items');
    if (q.quote.validUntil < Date.now()) throw illegal(q, 'sent', ': its valid_until has passed');
    return { action: 'sent', details: {}, set: { status: 'sent', sentAt: Date.now(), shareTokenHash } };
  });
  return { loaded, token };
}

const DECISIONS = { accept: 'accepted', reject: 'rejected' } as const;

/**
 * The buyer's answer to a sent quote; an expired quote can be neither accepted nor rejected. Through the share
 * page, `shareTokenHash` is the link's: a link revoked or replaced after the page read the quote decides nothing
 * (NOT_FOUND, as for any dead link).
 */
export function decideQuote(
  env: Env,
  storeId: string,
  id: string,
  actor: Actor,
  ifMatch: number | undefined,
  decision: keyof typeof DECISIONS,
  shareTokenHash?: string,
) {
  const status: StoredStatus = DECISIONS[decision];
  return change(env, storeId, id, actor, ifMatch, (q) => {
    if (shareTokenHash !== undefined && q.quote.shareTokenHash !== shareTokenHash) throw deadLink();
    if (q.status === 'expired') throw illegal(q, status, ': its valid_until has passed');
    if (q.status !== 'sent') throw illegal(q, status);
    return { action: status, details: {}, set: { status, decidedAt: Date.now() } };
  });
}

/** Cancels a quote that is not yet decided; its links stop working. */
export function cancelQuote(env: Env, storeId: string, id: string, actor: Actor, ifMatch: number | undefined, reason?: string) {
  return change(env, storeId, id, actor, ifMatch, (q) => {
    if (!['draft', 'pending_approval', 'sent'].includes(q.quote.status)) throw illegal(q, 'cancelled');
    return {
      action: 'cancelled',
      details: reason ? { reason } : {},
      set: { status: 'cancelled', shareTokenHash: null, statusTokenHash: null },
    };
  });
}
/** An admin approves the discount of a quote awaiting approval: it becomes a draft that can be sent. */
export function approveDiscount(env: Env, storeId: string, id: string, note?: string) {
  return change(env, storeId, id, 'admin', undefined, (q) => {
    if (q.quote.status !== 'pending_approval') throw illegal(q, 'approved');
    return {
      action: 'discount_approved',
      details: note ? { note } : {},
      set: { approvedDiscountMinor: q.quote.discountMinor, approvedSubtotalMinor: q.quote.subtotalMinor },
    };
  });
}

/** An admin declines the discount, with a note: it is removed and the quote is a draft again. */
export function declineDiscount(env: Env, storeId: string, id: string, note: string) {
  return change(env, storeId, id, 'admin', undefined, (q) => {
    if (q.quote.status !== 'pending_approval') throw illegal(q, 'declined');
    return { action: 'discount_declined', details: { note, discount: q.quote.discount }, set: { discount: null } };
  });
}
