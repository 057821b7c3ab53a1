// A quote's statuses and the limits every writer keeps, as the contract states them (docs/quotes.md).

/** Stored statuses. `expired` is never stored: a sent quote past its valid_until reads as expired (`effectiveStatus`). */
export const QUOTE_STATUSES = ['draft', 'pending_approval', 'sent', 'accepted', 'rejected', 'cancelled'] as const;
export type StoredStatus = (typeof QUOTE_STATUSES)[number];
export type QuoteStatus = StoredStatus | 'expired';
export const READ_STATUSES = [...QUOTE_STATUSES, 'expired'] as const;

export const LIMITS = {
  items: 100,
  name: 200,
  company: 200,
  email: 254,
  reference: 100,
  notes: 5000,
  reason: 500,
  /** valid_until at most this many days ahead; the default is 30. */
  validityDays: 365,
  defaultValidityDays: 30,
} as const;
