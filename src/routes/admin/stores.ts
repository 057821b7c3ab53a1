import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { database, iso } from '../../db/client';
import { stores } from '../../db/schema';
import { ApiError } from '../../errors';
import { newApp } from '../../http/factory';
import { PLANS } from '../../keys/permissions';
import { setStorePlan } from '../../limits/store-admin';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../openapi-helpers';
import { Store, StoreId, StoreName, StoreParams } from './params';

type StoreRow = typeof stores.$inferSelect;

const present = (s: StoreRow) => ({
  id: s.id,
  name: s.name,
  plan: s.plan,
  created_at: iso(s.createdAt)!,
  updated_at: iso(s.updatedAt)!,
});

export async function findStore(env: Env, id: string): Promise<StoreRow> {
  const row = await database(env).select().from(stores).where(eq(stores.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', `Store '${id}' not found`);
  return row;
}

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
      request: jsonBody(z.object({ id: StoreId, name: StoreName, plan: z.enum(PLANS).default('free') }).strict()),
      responses: { 201: json(Store, 'The new store'), ...errorResponses(400, 401, 409) },
    }),
    async (c) => {
      const { id, name, plan } = c.req.valid('json');
      const now = Date.now();
      const row = { id, name, plan, createdAt: now, updatedAt: now };
      const inserted = await database(c.env).insert(stores).values(row).onConflictDoNothing().returning().get();
      if (!inserted) throw new ApiError('CONFLICT', `Store '${id}' already exists`);
      await setStorePlan(c.env, id, plan);
      return c.json(present(inserted), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listStores',
      tags,
      security: ADMIN_SECURITY,
      summary: 'List stores',
      responses: { 200: json(z.object({ stores: z.array(Store) }), 'All stores'), ...errorResponses(401) },
    }),
    async (c) => {
      const rows = await database(c.env).select().from(stores).orderBy(stores.id).all();
      return c.json({ stores: rows.map(present) }, 200);
    },
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
    async (c) => c.json(present(await findStore(c.env, c.req.valid('param').store_id)), 200),
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
    async (c) => {
      const { store_id } = c.req.valid('param');
      const patch = c.req.valid('json');
      const updated = await database(c.env)
        .update(stores)
        .set({ ...patch, updatedAt: Date.now() })
        .where(eq(stores.id, store_id))
        .returning()
        .get();
      if (!updated) throw new ApiError('NOT_FOUND', `Store '${store_id}' not found`);
      // The store's Durable Object decides admission: the new plan binds here at once, everywhere within a second.
      if (patch.plan) await setStorePlan(c.env, store_id, patch.plan);
      return c.json(present(updated), 200);
    },
  );
