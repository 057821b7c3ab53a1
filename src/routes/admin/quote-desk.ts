import { createRoute, z } from '@hono/zod-openapi';
import { QuoteParams, StoreParams } from '../../api/admin/params';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import {
  CreateQuote,
  ItemBody,
  ItemsRejected,
  idempotencyKeyHeader,
  PatchItemBody,
  PatchQuote,
  Quote,
  RepriceResult,
  SentQuote,
} from '../../api/quotes';
import { namedPricing } from '../../configurator/priced';
import { newApp } from '../../http/factory';
import { cloneQuote } from '../../quotes/service/clone';
import { createQuote } from '../../quotes/service/create';
import { addItem, removeItem, replaceItem, repriceQuote, setLineDiscount, updateQuote } from '../../quotes/service/edit';
import { sendQuote } from '../../quotes/service/lifecycle';
import { reissueShareLink } from '../../quotes/service/links';
import { reviseQuote } from '../../quotes/service/revise';
import { linkUrl, presentQuote } from '../v1/present-quote';
import { adminCall } from './quotes';

// The backoffice quote desk (docs/backoffice.md): what a key with quote:write does through /v1/quotes, done by the
// admin on a store's quote. The same service calls, with `admin` as the actor and internal output groups shown.

const tags = ['Admin: quotes'];
const ItemParams = QuoteParams.extend({
  item_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'item_id', in: 'path' } }),
});

const rejected = { 422: json(ItemsRejected, 'An item does not price: errors names each such item and why') };
const changeErrors = errorResponses(400, 404, 409);
const Empty = z.object({}).strict();

export const adminQuoteDeskApi = newApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes',
      operationId: 'adminCreateQuote',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Create a draft quote in the backoffice',
      request: {
        params: StoreParams,
        ...jsonBody(CreateQuote.omit({ tenant_id: true })),
        headers: idempotencyKeyHeader(
          "Per admin: a retried create with the same key answers the same quote as it is now (200); the same key with another body is 409. An API key's same Idempotency-Key is another request",
        ),
      },
      responses: {
        201: json(Quote, 'The new draft'),
        200: json(Quote, 'A retry: the quote this Idempotency-Key created'),
        ...rejected,
        ...errorResponses(400, 404, 409),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const key = c.req.valid('header')['Idempotency-Key'];
      const { store_id } = c.req.valid('param');
      // The store's admin may price for any of its markets and groups.
      const pricing = await namedPricing(c.env, store_id, { market: body.market, group: body.group });
      // Kept per admin (the actor `admin`), as /v1 keeps them per API key: src/quotes/service/replays.ts.
      const { loaded, created } = await createQuote(adminCall(c, store_id), {
        items: body.items,
        customer: body.customer ?? {},
        notes: body.notes,
        validUntil: body.valid_until,
        // A quote in a market reads in its language unless the request names one.
        language: body.language ?? pricing.market?.language ?? undefined,
        idempotency: key === undefined ? undefined : { key, body: JSON.stringify(body) },
        request: false,
        pricing,
      });
      return c.json(presentQuote(loaded, true), created ? 201 : 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{store_id}/quotes/{id}',
      operationId: 'adminUpdateQuote',
      tags,
      security: ADMIN_SECURITY,
      summary: "Edit a draft's customer, notes, discount or validity",
      request: { params: QuoteParams, ...jsonBody(PatchQuote.omit({ tenant_id: true })) },
      responses: { 200: json(Quote, 'The edited quote'), ...changeErrors },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      const { customer, notes, discount, valid_until } = c.req.valid('json');
      const patch = { customer, notes, discount, validUntil: valid_until };
      const loaded = await updateQuote(adminCall(c, store_id), id, patch);
      return c.json(presentQuote(loaded, true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/items',
      operationId: 'adminAddQuoteItem',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Add a priced item to a draft',
      request: { params: QuoteParams, ...jsonBody(ItemBody.omit({ tenant_id: true })) },
      responses: { 200: json(Quote, 'The quote with the new item last'), ...rejected, ...changeErrors },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      const { loaded } = await addItem(adminCall(c, store_id), id, c.req.valid('json'));
      return c.json(presentQuote(loaded, true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/quotes/{id}/items/{item_id}',
      operationId: 'adminReplaceQuoteItem',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Replace an item of a draft (priced again; its id and position are kept)',
      request: { params: ItemParams, ...jsonBody(ItemBody.omit({ tenant_id: true })) },
      responses: { 200: json(Quote, 'The quote'), ...rejected, ...changeErrors },
    }),
    async (c) => {
      const { store_id, id, item_id } = c.req.valid('param');
      const input = c.req.valid('json');
      const loaded = await replaceItem(adminCall(c, store_id), id, item_id, input);
      return c.json(presentQuote(loaded, true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{store_id}/quotes/{id}/items/{item_id}',
      operationId: 'adminSetQuoteItemDiscount',
      tags,
      security: ADMIN_SECURITY,
      summary: "Set or remove an item's line discount (its price stays as priced)",
      request: { params: ItemParams, ...jsonBody(PatchItemBody.omit({ tenant_id: true })) },
      responses: { 200: json(Quote, 'The quote'), ...errorResponses(400, 404, 409, 422) },
    }),
    async (c) => {
      const { store_id, id, item_id } = c.req.valid('param');
      const { line_discount } = c.req.valid('json');
      const loaded = await setLineDiscount(adminCall(c, store_id), id, item_id, line_discount);
      return c.json(presentQuote(loaded, true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{store_id}/quotes/{id}/items/{item_id}',
      operationId: 'adminRemoveQuoteItem',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Remove an item from a draft',
      request: { params: ItemParams },
      responses: { 200: json(Quote, 'The quote without the item'), ...changeErrors },
    }),
    async (c) => {
      const { store_id, id, item_id } = c.req.valid('param');
      const loaded = await removeItem(adminCall(c, store_id), id, item_id);
      return c.json(presentQuote(loaded, true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/reprice',
      operationId: 'adminRepriceQuote',
      tags,
      security: ADMIN_SECURITY,
      summary: "Move a draft's items to the current product versions; lists each item's old and new price",
      request: { params: QuoteParams, ...jsonBody(Empty) },
      responses: {
        200: json(RepriceResult, 'The re-priced quote and what changed'),
        422: json(ItemsRejected, "The re-priced items would pass the quote's size cap (QUOTE_TOO_LARGE)"),
        ...changeErrors,
      },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      const { loaded, report } = await repriceQuote(adminCall(c, store_id), id);
      return c.json({ quote: presentQuote(loaded, true), items: report }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/send',
      operationId: 'adminSendQuote',
      tags,
      security: ADMIN_SECURITY,
      summary: "Send a draft: it is frozen, and share_url opens the buyer's quote page",
      request: { params: QuoteParams, ...jsonBody(Empty) },
      responses: { 200: json(SentQuote, 'The sent quote and its link'), ...changeErrors },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      const { loaded, token } = await sendQuote(adminCall(c, store_id), id);
      return c.json({ ...presentQuote(loaded, true), share_url: linkUrl(c, token) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/share',
      operationId: 'adminReissueQuoteShareLink',
      tags,
      security: ADMIN_SECURITY,
      summary: 'A new share link for a sent quote; the previous share link stops working',
      request: { params: QuoteParams, ...jsonBody(Empty) },
      responses: { 200: json(SentQuote, 'The quote and its new link'), ...changeErrors },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      const { loaded, token } = await reissueShareLink(adminCall(c, store_id), id);
      return c.json({ ...presentQuote(loaded, true), share_url: linkUrl(c, token) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/clone',
      operationId: 'adminCloneQuote',
      tags,
      security: ADMIN_SECURITY,
      summary: "A new draft with a quote's items, customer and notes, under a new number, priced at current versions",
      request: { params: QuoteParams, ...jsonBody(Empty) },
      responses: { 201: json(Quote, 'The new draft'), ...rejected, ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      return c.json(presentQuote(await cloneQuote(adminCall(c, store_id), id), true), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/revise',
      operationId: 'adminReviseQuote',
      tags,
      security: ADMIN_SECURITY,
      summary: 'A new revision of a sent or expired quote: a draft under the same number, which supersedes it',
      request: { params: QuoteParams, ...jsonBody(Empty) },
      responses: { 201: json(Quote, 'The new revision'), ...changeErrors },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      return c.json(presentQuote(await reviseQuote(adminCall(c, store_id), id), true), 201);
    },
  );
