import { createRoute, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { database, iso } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { ApiError } from '../../errors';
import { newApp } from '../../http/factory';
import { DEFAULT_PERMISSIONS, PERMISSIONS } from '../../keys/permissions';
import { generateApiKey, sha256Hex } from '../../keys/secret';
import { deleteKeyRecord, putKeyRecord } from '../../keys/store';
import { revokeStoreKey } from '../../limits/store-admin';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../openapi-helpers';
import { StoreParams } from './params';
import { findStore } from './stores';

type KeyRow = typeof apiKeys.$inferSelect;

const Permissions = z.array(z.enum(PERMISSIONS)).min(1);

const ApiKeySummary = z
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

const CreatedApiKey = z
  .object({ id: z.string(), key: z.string(), prefix: z.string(), name: z.string(), permissions: Permissions, created_at: z.string() })
  .openapi('CreatedApiKey');

const summary = (k: KeyRow) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  permissions: k.permissions as z.infer<typeof Permissions>,
  created_at: iso(k.createdAt)!,
  last_used_at: iso(k.lastUsedAt),
  revoked_at: iso(k.revokedAt),
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
          z.object({
            name: z.string().trim().min(1).max(200),
            permissions: Permissions.optional().openapi({ description: `Default: ${DEFAULT_PERMISSIONS.join(', ')}` }),
          }).strict(),
        ),
      },
      responses: { 201: json(CreatedApiKey, 'The new key, shown once'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id } = c.req.valid('param');
      const body = c.req.valid('json');
      const store = await findStore(c.env, store_id);
      const permissions = [...new Set(body.permissions ?? DEFAULT_PERMISSIONS)];
      const { key, prefix } = generateApiKey();
      const hash = await sha256Hex(key);
      const row = {
        id: `key_${crypto.randomUUID().replaceAll('-', '')}`,
        storeId: store.id,
        name: body.name,
        prefix,
        hash,
        permissions,
        createdAt: Date.now(),
      };
      const db = database(c.env);
      await db.insert(apiKeys).values(row);
      try {
        await putKeyRecord(c.env.KEYS, hash, { keyId: row.id, storeId: store.id, permissions, plan: store.plan });
      } catch (err) {
        // Without its KV record the key could never work: do not leave it listed.
        await db.delete(apiKeys).where(eq(apiKeys.id, row.id));
        throw err;
      }
      return c.json({ id: row.id, key, prefix, name: row.name, permissions, created_at: iso(row.createdAt)! }, 201);
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
      responses: { 200: json(z.object({ api_keys: z.array(ApiKeySummary) }), 'The keys'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id } = c.req.valid('param');
      await findStore(c.env, store_id);
      const rows = await database(c.env).select().from(apiKeys).where(eq(apiKeys.storeId, store_id)).orderBy(apiKeys.createdAt).all();
      return c.json({ api_keys: rows.map(summary) }, 200);
    },
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
      const db = database(c.env);
      const row = await db.select().from(apiKeys).where(and(eq(apiKeys.id, key_id), eq(apiKeys.storeId, store_id))).get();
      if (!row) throw new ApiError('NOT_FOUND', `API key '${key_id}' not found in store '${store_id}'`);
      // The store's Durable Object tells every isolate within a second (docs/rate-limits.md), this one at once;
      // the KV record may linger up to a minute at other locations and no longer matters.
      await revokeStoreKey(c.env, store_id, key_id);
      if (row.revokedAt === null) await db.update(apiKeys).set({ revokedAt: Date.now() }).where(eq(apiKeys.id, key_id));
      await deleteKeyRecord(c.env.KEYS, row.hash);
      return c.body(null, 204);
    },
  );
