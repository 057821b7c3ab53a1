import { createRoute, type z } from '@hono/zod-openapi';
import {
  CustomerGroup,
  CustomerGroupList,
  CustomerGroupUpdate,
  GroupParams,
  NewCustomerGroup,
  RETAIL,
} from '../../api/admin/markets';
import { StoreParams } from '../../api/admin/params';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { iso } from '../../db/time';
import { newApp } from '../../http/factory';
import { type CustomerGroupRow, createGroup, deleteGroup, getGroup, listGroups, renameGroup } from '../../markets/service/groups';

// A store's customer groups (docs/api.md, "Markets and price lists"); retail is listed though never stored.

const tags = ['Admin: markets and price lists'];

const retail: z.infer<typeof CustomerGroup> = { id: RETAIL, name: 'Retail', builtin: true, created_at: null, updated_at: null };

const present = (g: CustomerGroupRow | null): z.infer<typeof CustomerGroup> =>
  g === null ? retail : { id: g.id, name: g.name, builtin: false, created_at: iso(g.createdAt), updated_at: iso(g.updatedAt) };

export const customerGroupsApi = newApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/customer-groups',
      operationId: 'listCustomerGroups',
      tags,
      security: ADMIN_SECURITY,
      summary: "A store's customer groups: retail first, then the store's by id",
      request: { params: StoreParams },
      responses: { 200: json(CustomerGroupList, 'The groups'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const groups = await listGroups(c.env, c.req.valid('param').store_id);
      return c.json({ customer_groups: [retail, ...groups.map(present)] }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/customer-groups',
      operationId: 'createCustomerGroup',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Create a customer group (dealer, a key account …)',
      request: { params: StoreParams, ...jsonBody(NewCustomerGroup) },
      responses: { 201: json(CustomerGroup, 'The group'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => c.json(present(await createGroup(c.env, c.req.valid('param').store_id, c.req.valid('json'))), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/customer-groups/{group_id}',
      operationId: 'getCustomerGroup',
      tags,
      security: ADMIN_SECURITY,
      summary: 'One customer group',
      request: { params: GroupParams },
      responses: { 200: json(CustomerGroup, 'The group'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, group_id } = c.req.valid('param');
      return c.json(present(await getGroup(c.env, store_id, group_id)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/customer-groups/{group_id}',
      operationId: 'updateCustomerGroup',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Rename a customer group',
      request: { params: GroupParams, ...jsonBody(CustomerGroupUpdate) },
      responses: { 200: json(CustomerGroup, 'The group'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, group_id } = c.req.valid('param');
      return c.json(present(await renameGroup(c.env, store_id, group_id, c.req.valid('json').name)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{store_id}/customer-groups/{group_id}',
      operationId: 'deleteCustomerGroup',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Delete a customer group; 409 while a key or a market uses it',
      request: { params: GroupParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, group_id } = c.req.valid('param');
      await deleteGroup(c.env, store_id, group_id);
      return c.body(null, 204);
    },
  );
