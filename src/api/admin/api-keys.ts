// The wire shapes of a store's API keys (admin API).
import { z } from '@hono/zod-openapi';
import { PERMISSIONS } from '../permissions';

export const Permissions = z.array(z.enum(PERMISSIONS)).min(1, 'Choose at least one permission');

export const ApiKeySummary = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    permissions: Permissions,
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
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
  })
  .openapi('CreatedApiKey');

export const ApiKeyList = z.object({ api_keys: z.array(ApiKeySummary) });
