import type { QuoteStatus } from '../api/quote-limits';
import type { QUOTE_EVENTS } from '../api/webhooks';
import { announceQuote } from '../webhooks/announce';
import type { LoadedQuote } from './service/store';

// What a quote tells the world when its lifecycle moves (issue 34, "Events out"): one event per successful
// transition that has a name here (src/quotes/transitions.ts says which), handed to `onQuoteEvent`, the single
// hook where delivery (webhooks through a queue) plugs in.

export type QuoteEventType = (typeof QUOTE_EVENTS)[number];

export interface QuoteEvent {
  type: QuoteEventType;
  quote_id: string;
  store_id: string;
  number: string;
  /** The quote's status as a reader sees it after the transition. */
  status: QuoteStatus;
  /** The quote's version the transition wrote. */
  version: number;
  /** When the transition was written (ISO 8601). */
  at: string;
}

/** The event of a transition: the quote, the status and version the transition wrote, and when. */
export function quoteEvent(
  type: QuoteEventType,
  quote: { id: string; storeId: string; number: string },
  status: QuoteStatus,
  version: number,
  at: number,
): QuoteEvent {
  return {
    type,
    quote_id: quote.id,
    store_id: quote.storeId,
    number: quote.number,
    status,
    version,
    at: new Date(at).toISOString(),
  };
}

/**
 * Called once after every successful transition that has an event, after its batch is written (never for a
 * change that wrote nothing), with the quote as written: the store's webhooks get it (docs/webhooks.md). A
 * failure to announce is logged there and never fails the transition, which has happened.
 */
export async function onQuoteEvent(env: Env, event: QuoteEvent, after: LoadedQuote): Promise<void> {
  await announceQuote(env, after, event.type);
}
