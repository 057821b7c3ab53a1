import { z } from '@hono/zod-openapi';
import { PLANS } from '../permissions';

export const StoreId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'lowercase letters, digits, - and _, starting with a letter or digit, at most 63')
  .openapi({ example: 'acme-windows' });

export const StoreParams = z.object({
  store_id: StoreId.openapi({ param: { name: 'store_id', in: 'path' } }),
});

export const Store = z
  .object({
    id: StoreId,
    name: z.string(),
    plan: z.enum(PLANS),
    /** The D1 database holding the store's rows (docs/scale.md): 0 is `DB`, n is `DB_<n>`. */
    shard: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "The shard (D1 database) holding the store's rows: 0 is DB, n is DB_<n>" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Store');

export const StoreName = z.string().trim().min(1).max(200);

export const ExternalId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'letters, digits, ., - and _, starting with a letter or digit, at most 128')
  .openapi({ example: 'pvc-window' });

export const ProductParams = StoreParams.extend({
  external_id: ExternalId.openapi({ param: { name: 'external_id', in: 'path' } }),
});

export const QuoteParams = StoreParams.extend({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
