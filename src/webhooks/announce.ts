import type { EventType } from '../api/webhooks';
import { iso } from '../db/time';
import type { ItemRow, LoadedQuote } from '../quotes/service/store';
import { majorLine, majorTotals } from '../quotes/totals';
import { emitEvent, type NewEvent } from './service';

// What the rest of the Worker calls when something a store's systems want to hear about happened: a quote's
// transitions and a product's new version. An event is announced after the change it reports was written; a
// failure to announce is logged and never fails that change (the client would retry what already happened).

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

export function quoteData({ quote: q, status, items }: LoadedQuote, type: EventType) {
  return {
    quote: {
      id: q.id,
      number: q.number,
      revision: q.revision,
      status,
      version: q.version,
      currency: q.currency,
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

async function announce(env: Env, event: NewEvent): Promise<void> {
  try {
    await emitEvent(env, event);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'emitting a webhook event failed',
        type: event.type,
        subject: event.subject,
        error: String(error),
      }),
    );
  }
}

export const announceQuote = (env: Env, loaded: LoadedQuote, type: EventType) =>
  announce(env, { storeId: loaded.quote.storeId, type, subject: loaded.quote.id, data: quoteData(loaded, type) });

export const announcePublished = (
  env: Env,
  storeId: string,
  productId: string,
  version: { version: number; name: string; contentHash: string },
) =>
  announce(env, {
    storeId,
    type: 'product.published',
    subject: productId,
    data: { product: { id: productId, name: version.name, version: version.version, content_hash: version.contentHash } },
  });
