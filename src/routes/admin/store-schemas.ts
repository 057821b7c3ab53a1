import { z } from '@hono/zod-openapi';
import { PLANS } from '../../keys/permissions';

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
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Store');

export const StoreName = z.string().trim().min(1).max(200);
