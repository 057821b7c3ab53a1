// What a storefront request prices with (issue 45, docs/api.md "Markets and price lists"): the market and customer
// group it names, and the `pricing` every answer that prices says it was priced under.
import { z } from '@hono/zod-openapi';
import { Slug } from './admin/markets';

export const MarketParam = Slug.openapi({
  description:
    "The market to price in (docs/api.md, \"Markets and price lists\"); default: the key's only market when it is limited to one, else the store's default market, else none (the model's prices)",
  example: 'ch',
});

export const GroupParam = Slug.openapi({
  description:
    "The customer group to price for; default the key's group (retail unless the key is bound to another). Any other group than the key's is 403",
  example: 'retail',
});

/** A price list's version a quote is pinned to, or a re-price moved it from and to. */
export const ListVersion = z
  .object({ id: z.string(), version: z.number().int() })
  .strict()
  .nullable()
  .openapi('PriceListVersion', { description: "A price list and its version; null: the model's own prices" });

/** `market` and `group` as a query (GETs, and accepted on POSTs too) or body fields. */
export const PricingFields = { market: MarketParam.optional(), group: GroupParam.optional() };

export const Pricing = z
  .object({
    market: z.string().nullable().openapi({ description: 'The market priced in; null for a store without markets' }),
    group: z.string().openapi({ description: 'The customer group priced for (retail unless a key bound to a group asked)' }),
    currency: z.string().openapi({ description: "ISO 4217: the market's currency (the model's when no market)" }),
    list: z
      .object({
        id: z.string(),
        version: z.number().int().openapi({ description: 'The version of the list that priced it (+1 on every change)' }),
        name: z.string(),
      })
      .strict()
      .nullable()
      .openapi({ description: "The price list in force that priced it; null: the model's own prices" }),
  })
  .strict()
  .openapi('Pricing', {
    description: 'What priced the answer: market, customer group, currency and price list (and its version)',
    example: { market: 'ch', group: 'retail', currency: 'CHF', list: { id: 'chf-2027', version: 3, name: 'CHF 2027' } },
  });

/** What a quote is pinned to: the market, group and list version its items were last priced with. */
export const QuotePricing = z
  .object({
    market: z.string().nullable().openapi({ description: 'null: priced without a market (a store without markets)' }),
    group: z.string(),
    currency: z.string(),
    list: ListVersion,
  })
  .strict()
  .openapi('QuotePricing', {
    description:
      'What priced the quote\'s items: pinned at creation, moved to the list in force by a re-price (docs/quotes.md, "Markets and price lists")',
  });
