import type { QUOTE_EVENTS } from '../api/webhooks';
import { iso } from '../db/time';
import { newEventId, type OutboxEvent } from '../outbox/service';
import type { ItemRow, LoadedQuote } from './service/rows';
import { majorLine, majorTotals } from './totals';

// What a quote tells the world when its lifecycle moves (issue 34, "Events out"): one event per written transition
// that has a name in the transition table (src/quotes/transitions.ts), and per create by a quote:request key. The
// event is built here from the quote as its change writes it, and written to the outbox in that change's batch
// (store.ts, create.ts, expiry.ts; src/outbox/service.ts): the webhooks deliver it from there.

export type QuoteEventType = (typeof QUOTE_EVENTS)[number];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * An item as the event carries it. quote.accepted adds every output group, internal ones (BOM, cut lists, costs)
 * included, with their texts and descriptions: what an ERP needs to produce the order. Receivers are the
 * store's own systems, registered by its admin.
 */
function itemData(i: ItemRow, production: boolean) {
  const item = {
    id: i.id,
    product_id: i.productId,
    product_name: i.priced.product_name,
    product_version: i.productVersion,
    quantity: i.quantity,
    configuration: i.configuration,
    summary: i.priced.summary,
    totals: i.priced.totals,
    ...majorLine(i),
  };
  if (!production) return item;
  return { ...item, lines: i.priced.lines, outputs: i.priced.groups, texts: i.priced.texts, output_info: i.priced.output_info };
}

function quoteData({ quote: q, status, items }: LoadedQuote, type: QuoteEventType) {
  return {
    quote: {
      id: q.id,
      number: q.number,
      revision: q.revision,
      status,
      version: q.version,
      currency: q.currency,
      market: q.market,
      customer_group: q.customerGroup,
      price_list: q.priceList === null ? null : { id: q.priceList, version: q.priceListVersion ?? 0 },
      language: q.language,
      customer: q.customer,
      valid_until: day(q.validUntil),
      discount: q.discount,
      totals: majorTotals(q),
      created_at: iso(q.createdAt),
      sent_at: iso(q.sentAt),
      decided_at: iso(q.decidedAt),
      items: items.map((i) => itemData(i, type === 'quote.accepted')),
    },
  };
}

/**
 * The sequence of a quote's event (docs/webhooks.md, "Order"): twice the version its transition wrote, and one more
 * for quote.expired, which writes no version (the clock's transition from the version it found): so it grows with
 * each event of the quote, whichever writes it.
 */
export const quoteSequence = (type: QuoteEventType, version: number) => 2 * version + (type === 'quote.expired' ? 1 : 0);

/** The event of a quote as `after` shows it (the quote as its change writes it, at `at`), for the outbox. */
export function quoteEvent(type: QuoteEventType, after: LoadedQuote, at: number): OutboxEvent {
  const { quote } = after;
  return {
    id: newEventId(),
    storeId: quote.storeId,
    type,
    subject: quote.id,
    sequence: quoteSequence(type, quote.version),
    at,
    data: quoteData(after, type),
  };
}
