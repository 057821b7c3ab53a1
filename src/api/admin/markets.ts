// The wire shapes of a store's markets and customer groups (admin API, docs/api.md "Markets and price lists").
import { z } from '@hono/zod-openapi';
import { CURRENCIES } from '../../lang/check/currencies';
import { bpToPercentText, percentTextToBp } from '../decimals';
import { LanguageTag } from '../locale';
import { StoreParams } from './params';

/**
 * What a market, customer group or price list may be called, as a pattern the backoffice's forms check too (an HTML
 * `pattern`, read with the `v` flag: hence the escaped `-`).
 */
export const SLUG_PATTERN = '[a-z0-9][a-z0-9_\\-]{0,39}';

/** What a market, customer group or price list may be called: its id in paths, bodies and CSV files. */
export const Slug = z
  .string()
  .regex(new RegExp(`^${SLUG_PATTERN}$`), 'lowercase letters, digits, - and _, starting with a letter or digit, at most 40')
  .openapi({ example: 'ch' });

/** The group every store has without storing it: the public prices. */
export const RETAIL = 'retail';

/** Groups: 99 stored, so their list with retail holds at most 100 (src/api/list-caps.ts). */
export const MARKET_LIMITS = { markets: 100, groups: 99, countries: 250, assignments: 50, name: 200 };

export const CurrencyCode = z
  .string()
  .refine((code) => CURRENCIES.has(code), { message: 'Must be an ISO 4217 currency code in capitals, e.g. EUR' })
  .openapi({ example: 'CHF' });

const Name = z.string().trim().min(1).max(MARKET_LIMITS.name);

/** A tax rate in percent as a decimal string, 0–100 with at most 2 decimals (as the store profile's). */
export const TaxRate = z
  .string()
  .refine((rate) => percentTextToBp(rate) !== undefined, {
    message: 'A percent from 0 to 100 with at most 2 decimals, as a string, e.g. "8.1"',
  })
  .openapi({ example: '8.1' });

export const Tax = z
  .object({
    rate: TaxRate,
    prices: z
      .enum(['net', 'gross'])
      .default('net')
      .openapi({ description: 'net: tax is added to the prices; gross: the prices include it; default net' }),
  })
  .strict()
  .openapi('MarketTax');

/** A market's tax as the admin API and `GET /v1/markets` answer it: the rate a percent string, or null for none. */
export const presentTax = (m: { taxRateBp: number | null; taxPrices: 'net' | 'gross' }): z.infer<typeof Tax> | null =>
  m.taxRateBp === null ? null : { rate: bpToPercentText(m.taxRateBp), prices: m.taxPrices };

const Countries = z
  .array(z.string().regex(/^[A-Z]{2}$/, 'An ISO 3166 alpha-2 code in capitals, e.g. CH'))
  .max(MARKET_LIMITS.countries)
  .openapi({ example: ['CH', 'LI'] });

export const Assignment = z
  .object({
    group: Slug.openapi({ description: `A customer group, or ${RETAIL}` }),
    list: Slug.openapi({ description: "A price list in the market's currency" }),
  })
  .strict()
  .openapi('MarketPriceList');

const Assignments = z.array(Assignment).max(MARKET_LIMITS.assignments).openapi({
  description:
    'The lists the market prices with per customer group. Several per group: the one in force at a request is the one valid then with the latest valid_from; a group without one falls back to the retail assignment',
});

const marketFields = {
  name: Name,
  currency: CurrencyCode,
  countries: Countries.default([]),
  language: LanguageTag.nullable().default(null).openapi({ description: 'The language the market shows by default' }),
  tax: Tax.nullable().optional().openapi({
    description:
      "The market's tax; null: none. Left out when creating the store's first market: the store profile's tax; otherwise none",
  }),
  price_lists: Assignments.default([]),
  default: z.boolean().optional().openapi({
    description:
      "Whether this is the store's default market (exactly one is, once any exists; the first created is). Setting it moves the default here; left out: unchanged",
  }),
};

export const NewMarket = z
  .object({ id: Slug, ...marketFields })
  .strict()
  .openapi('MarketInput');

/** A PUT replaces the market's settings whole (its id stays). */
export const MarketUpdate = z.object(marketFields).strict().openapi('MarketUpdate');

export const Market = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    countries: z.array(z.string()),
    language: z.string().nullable(),
    tax: z.object({ rate: z.string(), prices: z.enum(['net', 'gross']) }).nullable(),
    price_lists: z.array(z.object({ group: z.string(), list: z.string() })),
    default: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Market');

export const MarketList = z.object({ markets: z.array(Market) });

export const MarketParams = StoreParams.extend({
  market_id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'market_id', in: 'path' } }),
});

export const NewCustomerGroup = z.object({ id: Slug, name: Name }).strict().openapi('CustomerGroupInput');
export const CustomerGroupUpdate = z.object({ name: Name }).strict().openapi('CustomerGroupUpdate');

export const CustomerGroup = z
  .object({
    id: z.string(),
    name: z.string(),
    builtin: z.boolean().openapi({ description: `true for ${RETAIL}, which every store has and cannot be changed` }),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .openapi('CustomerGroup');

export const CustomerGroupList = z.object({ customer_groups: z.array(CustomerGroup) });

export const GroupParams = StoreParams.extend({
  group_id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'group_id', in: 'path' } }),
});
