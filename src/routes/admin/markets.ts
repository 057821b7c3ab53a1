import { createRoute, type z } from '@hono/zod-openapi';
import { Market, MarketList, MarketParams, MarketUpdate, NewMarket, presentTax } from '../../api/admin/markets';
import { StoreParams } from '../../api/admin/params';
import { percentTextToBp } from '../../api/decimals';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { iso } from '../../db/time';
import { newApp } from '../../http/factory';
import {
  createMarket,
  deleteMarket,
  getMarket,
  listMarkets,
  type MarketInput,
  type MarketView,
  updateMarket,
} from '../../markets/service/markets';

// A store's markets (docs/api.md, "Markets and price lists").

const tags = ['Admin: markets and price lists'];

const present = (m: MarketView): z.infer<typeof Market> => ({
  id: m.id,
  name: m.name,
  currency: m.currency,
  countries: m.countries,
  language: m.language,
  tax: presentTax(m),
  price_lists: m.lists,
  default: m.isDefault,
  created_at: iso(m.createdAt)!,
  updated_at: iso(m.updatedAt)!,
});

function input(body: z.infer<typeof MarketUpdate>): MarketInput {
  return {
    name: body.name,
    currency: body.currency,
    countries: body.countries,
    language: body.language,
    // The schema checked the rate, so it parses.
    tax: body.tax && { rateBp: percentTextToBp(body.tax.rate)!, prices: body.tax.prices },
    lists: body.price_lists,
    isDefault: body.default,
  };
}

export const marketsApi = newApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/markets',
      operationId: 'listMarkets',
      tags,
      security: ADMIN_SECURITY,
      summary: "A store's markets, by id",
      request: { params: StoreParams },
      responses: { 200: json(MarketList, 'The markets'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json({ markets: (await listMarkets(c.env, c.req.valid('param').store_id)).map(present) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/markets',
      operationId: 'createMarket',
      tags,
      security: ADMIN_SECURITY,
      summary: "Create a market; the store's first becomes its default and takes the store profile's tax",
      request: { params: StoreParams, ...jsonBody(NewMarket) },
      responses: { 201: json(Market, 'The market'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { id, ...body } = c.req.valid('json');
      return c.json(present(await createMarket(c.env, c.req.valid('param').store_id, id, input(body))), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/markets/{market_id}',
      operationId: 'getMarket',
      tags,
      security: ADMIN_SECURITY,
      summary: 'One market',
      request: { params: MarketParams },
      responses: { 200: json(Market, 'The market'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, market_id } = c.req.valid('param');
      return c.json(present(await getMarket(c.env, store_id, market_id)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/markets/{market_id}',
      operationId: 'updateMarket',
      tags,
      security: ADMIN_SECURITY,
      summary: "Replace a market's settings; default: true moves the store's default here",
      request: { params: MarketParams, ...jsonBody(MarketUpdate) },
      responses: { 200: json(Market, 'The market'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, market_id } = c.req.valid('param');
      return c.json(present(await updateMarket(c.env, store_id, market_id, input(c.req.valid('json')))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{store_id}/markets/{market_id}',
      operationId: 'deleteMarket',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Delete a market; 409 while keys are limited to it, quotes are priced in it, or it is the default of several',
      request: { params: MarketParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, market_id } = c.req.valid('param');
      await deleteMarket(c.env, store_id, market_id);
      return c.body(null, 204);
    },
  );
