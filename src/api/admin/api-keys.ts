// The wire shapes of a store's API keys (admin API).
import { z } from '@hono/zod-openapi';
import { PERMISSIONS } from '../permissions';
import { MARKET_LIMITS, Slug } from './markets';

export const Permissions = z.array(z.enum(PERMISSIONS)).min(1, 'Choose at least one permission');

const KeyGroup = z.string().openapi({ description: 'The customer group the key prices for (retail unless bound to another)' });
const KeyMarkets = z
  .array(z.string())
  .nullable()
  .openapi({ description: "The markets the key may use; null: all of the store's" });

/** What a new key may be bound to (docs/api.md "Markets and price lists"). */
export const KeyBinding = {
  customer_group: Slug.nullable().optional().openapi({ description: 'A customer group; left out or null: retail' }),
  markets: z
    .array(Slug)
    .min(1, 'Name at least one market, or leave markets out for all')
    .max(MARKET_LIMITS.markets)
    .nullable()
    .optional()
    .openapi({ description: "The markets the key may use; left out or null: all of the store's" }),
};

export const ApiKeySummary = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    permissions: Permissions,
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    customer_group: KeyGroup,
    markets: KeyMarkets,
  })
  .openapi('ApiKey');

export const CreatedApiKey = z
  .object({
    id: z.string(),
    key: z.string(),
    prefix: z.string(),
    name: z.string(),
    permissions: Permissions,
    created_at: z.string(),
    customer_group: KeyGroup,
    markets: KeyMarkets,
  })
  .openapi('CreatedApiKey');

export const ApiKeyList = z.object({ api_keys: z.array(ApiKeySummary) });
