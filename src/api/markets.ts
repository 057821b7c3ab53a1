// The storefront's view of a store's markets (GET /v1/markets, docs/api.md "Markets and price lists"): what the
// calling key may use, for a market switch. Markets are public; the key's customer group is its own to know.
import { z } from '@hono/zod-openapi';

export const PublicMarket = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    countries: z.array(z.string()),
    language: z.string().nullable(),
    tax: z.object({ rate: z.string(), prices: z.enum(['net', 'gross']) }).nullable(),
    default: z.boolean().openapi({ description: 'The market a request that names none is priced in, for this key' }),
  })
  .openapi('PublicMarket');

export const KeyMarkets = z
  .object({
    markets: z.array(PublicMarket).openapi({ description: 'The markets this key may name, by id; empty: the store has none' }),
    group: z.string().openapi({ description: 'The customer group this key prices for' }),
  })
  .openapi('KeyMarkets');
