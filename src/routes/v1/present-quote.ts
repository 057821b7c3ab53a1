import type { z } from '@hono/zod-openapi';
import type { HistoryEntry, Quote, QuoteItem } from '../../api/quotes';
import { iso } from '../../db/time';
import type { RequestContext } from '../../env';
import { hasLiveLink } from '../../quotes/service/links';
import type { HistoryRow, ItemRow, LoadedQuote, QuoteRow } from '../../quotes/service/store';
import { taxTotals } from '../../quotes/tax';
import { majorLine, majorOf, majorTotals } from '../../quotes/totals';

// How a quote read from storage is presented as the API serves it (src/api/quotes.ts), for /v1/quotes and the admin API.

/** The tax of a sent quote, from the settings it was sent with. */
function presentTax(q: QuoteRow) {
  const tax = q.document?.tax;
  if (!tax) return null;
  const t = taxTotals(q.totalMinor, tax);
  const major = (minor: number) => majorOf(minor, q.minorUnits);
  return {
    rate_percent: tax.rateBp / 100,
    prices: tax.prices,
    net: major(t.netMinor),
    amount: major(t.taxMinor),
    gross: major(t.grossMinor),
  };
}

/** A buyer's page on this host: /q/<token>. */
export const linkUrl = (c: RequestContext, token: string) => `${new URL(c.req.url).origin}/q/${token}`;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function quoteHead(q: QuoteRow, status: LoadedQuote['status']) {
  return {
    id: q.id,
    tenant_id: q.storeId,
    number: q.number,
    revision: q.revision,
    revises: q.revises,
    superseded_by: q.supersededBy,
    status,
    version: q.version,
    currency: q.currency,
    language: q.language,
    customer: q.customer,
    notes: q.notes,
    valid_until: day(q.validUntil),
    discount: q.discount,
    totals: { ...majorTotals(q), currency: q.currency, tax: presentTax(q) },
    created_at: iso(q.createdAt)!,
    updated_at: iso(q.updatedAt)!,
    sent_at: iso(q.sentAt),
    decided_at: iso(q.decidedAt),
    links_active: hasLiveLink(q),
    request: q.requested ? { opened_at: iso(q.openedAt ?? null) } : null,
    pricing: {
      market: q.market,
      group: q.customerGroup,
      currency: q.currency,
      list: q.priceList === null ? null : { id: q.priceList, version: q.priceListVersion ?? 0 },
    },
  };
}

/** Internal output groups only for readers that may see production data. */
function presentItem(i: ItemRow, internal: boolean): z.infer<typeof QuoteItem> {
  const shown = (group: string) => internal || i.priced.output_info[group]?.internal === false;
  const pick = <T>(groups: Record<string, T>) => Object.fromEntries(Object.entries(groups).filter(([g]) => shown(g)));
  return {
    id: i.id,
    product_id: i.productId,
    product_name: i.priced.product_name,
    product_version: i.productVersion,
    content_hash: i.contentHash,
    quantity: i.quantity,
    configuration: i.configuration,
    summary: i.priced.summary,
    totals: i.priced.totals,
    lines: i.priced.lines,
    groups: pick(i.priced.groups),
    texts: pick(i.priced.texts),
    output_info: pick(i.priced.output_info),
    warnings: i.priced.warnings,
    ...majorLine(i),
  };
}

const presentHistory = (h: HistoryRow): z.infer<typeof HistoryEntry> => ({
  version: h.version,
  at: iso(h.at)!,
  actor: h.actor,
  action: h.action,
  details: h.details,
});

export function presentQuote({ quote, status, items, history }: LoadedQuote, internal: boolean): z.infer<typeof Quote> {
  return {
    ...quoteHead(quote, status),
    items: items.map((i) => presentItem(i, internal)),
    history: history.map(presentHistory),
  };
}

export function presentSummary(q: { quote: QuoteRow; status: LoadedQuote['status']; itemCount: number }) {
  return { ...quoteHead(q.quote, q.status), item_count: q.itemCount };
}
