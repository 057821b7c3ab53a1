// Webhooks' wire contract (docs/webhooks.md): the event types, a delivery's states and the limits every writer keeps.

/** What a quote's lifecycle tells (the transition table names which transition tells which: src/quotes/transitions.ts). */
export const QUOTE_EVENTS = [
  'quote.requested',
  'quote.sent',
  'quote.accepted',
  'quote.rejected',
  'quote.expired',
  'quote.cancelled',
] as const;
export const EVENT_TYPES = [...QUOTE_EVENTS, 'product.published'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * queued: in the queue, not yet tried; retrying: the last attempt failed and the queue tries again at next_retry_at;
 * delivered: an attempt answered 2xx; failed: every retry failed (the dead-letter queue's consumer says so);
 * skipped: its endpoint was disabled before the attempt.
 */
export const DELIVERY_STATUSES = ['queued', 'retrying', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  /** Endpoints per store: each event is one queue message per endpoint. */
  endpoints: 10,
  urlChars: 2048,
  description: 200,
  /** Deliveries per page of the log. */
  page: 100,
  /** Attempts shown per delivery (the latest). */
  attemptsShown: 20,
  /** Characters of an attempt's error kept. */
  errorChars: 300,
} as const;
