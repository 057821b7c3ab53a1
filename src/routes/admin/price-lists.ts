import { createRoute, type z } from '@hono/zod-openapi';
import { StoreParams } from '../../api/admin/params';
import {
  History,
  HistoryQuery,
  ListParams,
  NewPriceList,
  PriceList,
  PriceListList,
  PriceListUpdate,
} from '../../api/admin/price-lists';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { iso } from '../../db/time';
import type { RequestContext } from '../../env';
import { newApp } from '../../http/factory';
import {
  createPriceList,
  deletePriceList,
  getPriceList,
  type ListSettingsInput,
  listHistory,
  listPriceLists,
  type PriceListView,
  updatePriceList,
} from '../../markets/service/price-lists';

// A store's price lists' settings and history (docs/api.md, "Markets and price lists"); entries: price-list-entries.ts.

const tags = ['Admin: markets and price lists'];

/** Who the history says made a change. */
export const actorOf = (c: RequestContext) => c.get('adminActor') ?? 'backoffice';

const present = (l: PriceListView): z.infer<typeof PriceList> => ({
  id: l.id,
  name: l.name,
  currency: l.currency,
  valid_from: l.validFrom,
  valid_to: l.validTo,
  base: l.base,
  factor: l.factor,
  rounding: l.rounding,
  version: l.version,
  entries: l.entries,
  created_at: iso(l.createdAt)!,
  updated_at: iso(l.updatedAt)!,
});

const settings = (b: z.infer<typeof PriceListUpdate>): ListSettingsInput => ({
  name: b.name,
  currency: b.currency,
  validFrom: b.valid_from,
  validTo: b.valid_to,
  base: b.base,
  factor: b.factor,
  rounding: b.rounding,
});

export const priceListsApi = newApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/price-lists',
      operationId: 'listPriceLists',
      tags,
      security: ADMIN_SECURITY,
      summary: "A store's price lists, by id",
      request: { params: StoreParams },
      responses: { 200: json(PriceListList, 'The lists'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json({ price_lists: (await listPriceLists(c.env, c.req.valid('param').store_id)).map(present) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/price-lists',
      operationId: 'createPriceList',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Create a price list (version 1, no entries)',
      request: { params: StoreParams, ...jsonBody(NewPriceList) },
      responses: { 201: json(PriceList, 'The list'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { id, ...body } = c.req.valid('json');
      const row = await createPriceList(c.env, c.req.valid('param').store_id, id, settings(body), actorOf(c));
      return c.json(present(row), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/price-lists/{list_id}',
      operationId: 'getPriceList',
      tags,
      security: ADMIN_SECURITY,
      summary: "One price list's settings",
      request: { params: ListParams },
      responses: { 200: json(PriceList, 'The list'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      return c.json(present(await getPriceList(c.env, store_id, list_id)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/price-lists/{list_id}',
      operationId: 'updatePriceList',
      tags,
      security: ADMIN_SECURITY,
      summary: "Replace a list's settings (a new version when anything changed; 409 on a stale version)",
      request: { params: ListParams, ...jsonBody(PriceListUpdate) },
      responses: { 200: json(PriceList, 'The list'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(present(await updatePriceList(c.env, store_id, list_id, settings(body), body.version, actorOf(c))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{store_id}/price-lists/{list_id}',
      operationId: 'deletePriceList',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Delete a price list with its entries and history; 409 while a market uses it or a list derives from it',
      request: { params: ListParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      await deletePriceList(c.env, store_id, list_id);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/price-lists/{list_id}/history',
      operationId: 'getPriceListHistory',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Who changed what: the changes, newest first',
      request: { params: ListParams, query: HistoryQuery },
      responses: { 200: json(History, 'A page of changes; next_before is null on the last'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      const { changes, nextBefore } = await listHistory(c.env, store_id, list_id, c.req.valid('query'));
      return c.json(
        {
          changes: changes.map((ch) => ({
            version: ch.version,
            at: iso(ch.at)!,
            actor: ch.actor,
            kind: ch.summary.kind,
            ...(ch.summary.fields ? { fields: ch.summary.fields } : {}),
            added: ch.summary.added,
            changed: ch.summary.changed,
            removed: ch.summary.removed,
            rows: ch.summary.rows,
          })),
          next_before: nextBefore,
        },
        200,
      );
    },
  );
