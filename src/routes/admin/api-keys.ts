import { createRoute, z } from '@hono/zod-openapi';
import { ApiKeyList, type ApiKeySummary, CreatedApiKey, KeyBinding, Permissions } from '../../api/admin/api-keys';
import { RETAIL } from '../../api/admin/markets';
import { StoreParams } from '../../api/admin/params';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { DEFAULT_PERMISSIONS } from '../../api/permissions';
import { iso } from '../../db/time';
import { newApp } from '../../http/factory';
import { type ApiKey, createKey, listKeys, revokeKey } from '../../keys/service';

const summary = (k: ApiKey): z.infer<typeof ApiKeySummary> => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  permissions: k.permissions,
  created_at: iso(k.createdAt)!,
  last_used_at: iso(k.lastUsedAt),
  revoked_at: iso(k.revokedAt),
  customer_group: k.customerGroup ?? RETAIL,
  markets: k.markets,
});

const tags = ['Admin: API keys'];

export const apiKeysApi = newApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/api-keys',
      operationId: 'createApiKey',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Create an API key; the response is the only time the key is shown',
      request: {
        params: StoreParams,
        ...jsonBody(
          z
            .object({
              name: z.string().trim().min(1).max(200),
              permissions: Permissions.optional().openapi({ description: `Default: ${DEFAULT_PERMISSIONS.join(', ')}` }),
              ...KeyBinding,
            })
            .strict(),
        ),
      },
      responses: { 201: json(CreatedApiKey, 'The new key, shown once'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const permissions = body.permissions ?? DEFAULT_PERMISSIONS;
      const { key, row } = await createKey(c.env, c.req.valid('param').store_id, {
        name: body.name,
        permissions,
        customerGroup: body.customer_group,
        markets: body.markets,
      });
      const { id, prefix, name, permissions: granted, created_at, customer_group, markets } = summary(row);
      return c.json({ id, key, prefix, name, permissions: granted, created_at, customer_group, markets }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/api-keys',
      operationId: 'listApiKeys',
      tags,
      security: ADMIN_SECURITY,
      summary: "List a store's API keys (never the secrets)",
      request: { params: StoreParams },
      responses: { 200: json(ApiKeyList, 'The keys'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json({ api_keys: (await listKeys(c.env, c.req.valid('param').store_id)).map(summary) }, 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{store_id}/api-keys/{key_id}',
      operationId: 'revokeApiKey',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Revoke an API key; it is refused from the next request on, everywhere',
      request: { params: StoreParams.extend({ key_id: z.string().openapi({ param: { name: 'key_id', in: 'path' } }) }) },
      responses: { 204: { description: 'Revoked' }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, key_id } = c.req.valid('param');
      await revokeKey(c.env, store_id, key_id);
      return c.body(null, 204);
    },
  );
