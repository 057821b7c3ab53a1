import { createRoute, z } from '@hono/zod-openapi';
import { Store, StoreId, StoreName, StoreParams } from '../../api/admin/params';
import { StoreList } from '../../api/admin/stores';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { PLANS } from '../../api/permissions';
import { iso } from '../../db/time';
import { newApp } from '../../http/factory';
import { createStore, getStore, listStores, type Store as StoreRow, updateStore } from '../../stores/service';

const present = (s: StoreRow): z.infer<typeof Store> => ({
  id: s.id,
  name: s.name,
  plan: s.plan,
  shard: s.shard,
  created_at: iso(s.createdAt)!,
  updated_at: iso(s.updatedAt)!,
});

const tags = ['Admin: stores'];

export const storesApi = newApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createStore',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Create a store (a tenant)',
      request: jsonBody(
        z
          .object({
            id: StoreId,
            name: StoreName,
            plan: z.enum(PLANS).default('free'),
            shard: z
              .number()
              .int()
              .min(0)
              .max(9999)
              .optional()
              .openapi({ description: 'The shard to place the store in; by default the one with the most room (docs/scale.md)' }),
          })
          .strict(),
      ),
      responses: { 201: json(Store, 'The new store'), ...errorResponses(400, 401, 409, 422) },
    }),
    async (c) => c.json(present(await createStore(c.env, c.req.valid('json'))), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listStores',
      tags,
      security: ADMIN_SECURITY,
      summary: 'List stores',
      responses: { 200: json(StoreList, 'All stores'), ...errorResponses(401) },
    }),
    async (c) => c.json({ stores: (await listStores(c.env)).map(present) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}',
      operationId: 'getStore',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Get a store',
      request: { params: StoreParams },
      responses: { 200: json(Store, 'The store'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json(present(await getStore(c.env, c.req.valid('param').store_id)), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{store_id}',
      operationId: 'updateStore',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Rename a store or change its plan',
      request: {
        params: StoreParams,
        ...jsonBody(
          z
            .object({ name: StoreName.optional(), plan: z.enum(PLANS).optional() })
            .strict()
            .refine((v) => v.name !== undefined || v.plan !== undefined, 'give name, plan or both'),
        ),
      },
      responses: { 200: json(Store, 'The updated store'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json(present(await updateStore(c.env, c.req.valid('param').store_id, c.req.valid('json'))), 200),
  );
