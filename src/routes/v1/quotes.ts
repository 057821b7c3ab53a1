import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, headers, json, jsonBody, KEY_SECURITY } from '../../api/openapi';
import { PricingFields } from '../../api/pricing';
import { listLimit, QuoteListQuery } from '../../api/quote-list';
import {
  CancelBody,
  CreatedQuote,
  CreateQuote,
  ItemBody,
  ItemsRejected,
  idempotencyKeyHeader,
  PatchItemBody,
  PatchQuote,
  Quote,
  QuoteList,
  RepriceResult,
  SentQuote,
  TenantBody,
} from '../../api/quotes';
import { ifMatchHeader, ifMatchVersion, versionETag } from '../../api/version-etag';
import { askedOf, requestPricing } from '../../configurator/priced';
import type { RequestContext } from '../../env';
import { authorize } from '../../http/auth';
import { newApp } from '../../http/factory';
import { cloneQuote } from '../../quotes/service/clone';
import { createQuote } from '../../quotes/service/create';
import { addItem, removeItem, replaceItem, repriceQuote, setLineDiscount, updateQuote } from '../../quotes/service/edit';
import { cancelQuote, decideQuote, sendQuote } from '../../quotes/service/lifecycle';
import { reissueShareLink, revokeLinks } from '../../quotes/service/links';
import { listQuotes } from '../../quotes/service/list';
import { reviseQuote } from '../../quotes/service/revise';
import { type Actor, getQuote, type LoadedQuote, type QuoteCall } from '../../quotes/service/store';
import { linkUrl, presentQuote, presentSummary } from './present-quote';

// The quotes of the public API (docs/quotes.md): handlers parse, authorise, call src/quotes/service/, present.

const tags = ['Quotes'];
const Id = z
  .string()
  .min(1)
  .max(64)
  .openapi({ param: { name: 'id', in: 'path' } });
const ItemId = z
  .string()
  .min(1)
  .max(64)
  .openapi({ param: { name: 'item_id', in: 'path' } });
const TenantQuery = z.object({ tenant_id: z.string().min(1).openapi({ description: 'The store the key belongs to' }) });

const IfMatch = z.object({ 'If-Match': ifMatchHeader('quote') });

const QUOTE_HEADERS = headers(['ETag']);
const quoteAnswer = (description: string) => ({ ...json(Quote, description), headers: QUOTE_HEADERS });
const rejected = { 422: json(ItemsRejected, 'An item does not price: errors names each such item (item, product_id) and why') };
const changeErrors = errorResponses(400, 403, 404, 409, 412);

const actorOf = (keyId: string): Actor => `key:${keyId}`;

/** A change by a key with quote:write, made to the version If-Match names (if any). */
function write(c: RequestContext, tenantId: string): { call: QuoteCall; internal: boolean } {
  const principal = authorize(c, 'quote:write', tenantId);
  const ifMatch = ifMatchVersion(c.req.header('if-match'));
  return {
    call: { env: c.env, storeId: tenantId, actor: actorOf(principal.keyId), ifMatch },
    internal: principal.permissions.includes('production:read'),
  };
}

function answer(c: RequestContext, loaded: LoadedQuote, internal: boolean) {
  c.header('ETag', versionETag(loaded.quote.version));
  return presentQuote(loaded, internal);
}

export const quotesApi = newApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createQuote',
      tags,
      security: KEY_SECURITY,
      summary: 'Create a draft quote from priced configurations',
      request: {
        ...jsonBody(CreateQuote),
        query: z.object(PricingFields),
        headers: idempotencyKeyHeader(
          "Per API key: a retried create with the same key answers the same quote (a quote:request key's retry: the quote as created, version 1); the same key with another body is 409. Another API key's same Idempotency-Key is another request",
        ),
      },
      responses: {
        201: { ...json(CreatedQuote, 'The new quote, and its status link'), headers: QUOTE_HEADERS },
        200: {
          ...json(CreatedQuote, 'A retry by the same API key: the quote this Idempotency-Key created (status_url null)'),
          headers: QUOTE_HEADERS,
        },
        ...rejected,
        ...errorResponses(400, 403, 404, 409),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      // quote:request suffices to create (a storefront's key); quote:write, which may do more, may create too.
      const needed = c.get('principal')?.permissions.includes('quote:write') ? 'quote:write' : 'quote:request';
      const principal = authorize(c, needed, body.tenant_id);
      const { keyId, permissions } = principal;
      const [actor, internal] = [actorOf(keyId), permissions.includes('production:read')];
      const key = c.req.valid('header')['Idempotency-Key'];
      const call = { env: c.env, storeId: body.tenant_id, actor };
      const pricing = await requestPricing(c, body.tenant_id, principal, askedOf(body, c.req.valid('query')));
      const { loaded, created, statusToken } = await createQuote(call, {
        items: body.items,
        customer: body.customer ?? {},
        notes: body.notes,
        validUntil: body.valid_until,
        // A quote in a market reads in its language unless the request names one.
        language: body.language ?? pricing.market?.language ?? undefined,
        idempotency: key === undefined ? undefined : { key, body: JSON.stringify(body) },
        request: needed === 'quote:request',
        pricing,
      });
      const status_url = statusToken === null ? null : linkUrl(c, statusToken);
      return c.json({ ...answer(c, loaded, internal), status_url }, created ? 201 : 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listQuotes',
      tags,
      security: KEY_SECURITY,
      summary: "The store's quotes, newest first, a page at a time",
      request: {
        query: TenantQuery.extend({ ...QuoteListQuery, limit: listLimit(20) }),
      },
      responses: { 200: json(QuoteList, 'A page of quotes'), ...errorResponses(400, 403, 404, 422) },
    }),
    async (c) => {
      const { tenant_id, q, ...query } = c.req.valid('query');
      authorize(c, 'quote:read', tenant_id);
      const page = await listQuotes(c.env, tenant_id, { ...query, search: q });
      return c.json({ quotes: page.quotes.map(presentSummary), next_cursor: page.nextCursor }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      operationId: 'getQuote',
      tags,
      security: KEY_SECURITY,
      summary: 'One quote with its items, totals and history',
      request: { params: z.object({ id: Id }), query: TenantQuery },
      responses: { 200: quoteAnswer('The quote'), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('query');
      const principal = authorize(c, 'quote:read', tenant_id);
      const loaded = await getQuote(c.env, tenant_id, c.req.valid('param').id);
      return c.json(answer(c, loaded, principal.permissions.includes('production:read')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      operationId: 'updateQuote',
      tags,
      security: KEY_SECURITY,
      summary: "Edit a draft's customer, notes, discount or validity",
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(PatchQuote) },
      responses: { 200: quoteAnswer('The edited quote'), ...changeErrors },
    }),
    async (c) => {
      const { tenant_id, customer, notes, discount, valid_until } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const patch = { customer, notes, discount, validUntil: valid_until };
      const loaded = await updateQuote(call, c.req.valid('param').id, patch);
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/items',
      operationId: 'addQuoteItem',
      tags,
      security: KEY_SECURITY,
      summary: 'Add a priced item to a draft',
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(ItemBody) },
      responses: { 200: quoteAnswer('The quote with the new item last'), ...rejected, ...changeErrors },
    }),
    async (c) => {
      const { tenant_id, ...item } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const { loaded } = await addItem(call, c.req.valid('param').id, item);
      // 200, not 201: the answer is the quote (the resource changed), not the item.
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/items/{item_id}',
      operationId: 'replaceQuoteItem',
      tags,
      security: KEY_SECURITY,
      summary: 'Replace an item of a draft (priced again; its id and position are kept)',
      request: { params: z.object({ id: Id, item_id: ItemId }), headers: IfMatch, ...jsonBody(ItemBody) },
      responses: { 200: quoteAnswer('The quote'), ...rejected, ...changeErrors },
    }),
    async (c) => {
      const { tenant_id, ...item } = c.req.valid('json');
      const { id, item_id } = c.req.valid('param');
      const { call, internal } = write(c, tenant_id);
      const loaded = await replaceItem(call, id, item_id, item);
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}/items/{item_id}',
      operationId: 'setQuoteItemDiscount',
      tags,
      security: KEY_SECURITY,
      summary: "Set or remove an item's line discount (its price stays as priced)",
      request: { params: z.object({ id: Id, item_id: ItemId }), headers: IfMatch, ...jsonBody(PatchItemBody) },
      responses: { 200: quoteAnswer('The quote'), ...errorResponses(400, 403, 404, 409, 412, 422) },
    }),
    async (c) => {
      const { tenant_id, line_discount } = c.req.valid('json');
      const { id, item_id } = c.req.valid('param');
      const { call, internal } = write(c, tenant_id);
      const loaded = await setLineDiscount(call, id, item_id, line_discount);
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/items/{item_id}',
      operationId: 'removeQuoteItem',
      tags,
      security: KEY_SECURITY,
      summary: 'Remove an item from a draft',
      request: { params: z.object({ id: Id, item_id: ItemId }), query: TenantQuery, headers: IfMatch },
      responses: { 200: quoteAnswer('The quote without the item'), ...changeErrors },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('query');
      const { id, item_id } = c.req.valid('param');
      const { call, internal } = write(c, tenant_id);
      const loaded = await removeItem(call, id, item_id);
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reprice',
      operationId: 'repriceQuote',
      tags,
      security: KEY_SECURITY,
      summary: "Move a draft's items to the current product versions; lists each item's old and new price",
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(TenantBody) },
      responses: {
        200: { ...json(RepriceResult, 'The re-priced quote and what changed'), headers: QUOTE_HEADERS },
        422: json(ItemsRejected, "The re-priced items would pass the quote's size cap (QUOTE_TOO_LARGE)"),
        ...changeErrors,
      },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const { loaded, report } = await repriceQuote(call, c.req.valid('param').id);
      return c.json({ quote: answer(c, loaded, internal), items: report }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/send',
      operationId: 'sendQuote',
      tags,
      security: KEY_SECURITY,
      summary: "Send a draft: it is frozen, and share_url opens the buyer's quote page",
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(TenantBody) },
      responses: { 200: { ...json(SentQuote, 'The sent quote and its link'), headers: QUOTE_HEADERS }, ...changeErrors },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const { loaded, token } = await sendQuote(call, c.req.valid('param').id);
      return c.json({ ...answer(c, loaded, internal), share_url: linkUrl(c, token) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/share',
      operationId: 'reissueQuoteShareLink',
      tags,
      security: KEY_SECURITY,
      summary: 'A new share link for a sent quote; the previous share link stops working',
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(TenantBody) },
      responses: { 200: { ...json(SentQuote, 'The quote and its new link'), headers: QUOTE_HEADERS }, ...changeErrors },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const { loaded, token } = await reissueShareLink(call, c.req.valid('param').id);
      return c.json({ ...answer(c, loaded, internal), share_url: linkUrl(c, token) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/share',
      operationId: 'revokeQuoteLinks',
      tags,
      security: KEY_SECURITY,
      summary: 'End every link given out for a quote (share_url, status_url): their pages answer 404 from then on',
      request: { params: z.object({ id: Id }), query: TenantQuery, headers: IfMatch },
      responses: {
        200: quoteAnswer('The quote, links_active false (unchanged when no link was live)'),
        ...errorResponses(400, 403, 404, 412),
      },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('query');
      const { call, internal } = write(c, tenant_id);
      const loaded = await revokeLinks(call, c.req.valid('param').id);
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/accept',
      operationId: 'acceptQuote',
      tags,
      security: KEY_SECURITY,
      summary: "Record the buyer's acceptance of a sent quote (refused once valid_until has passed)",
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(TenantBody) },
      responses: { 200: quoteAnswer('The accepted quote'), ...changeErrors },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const loaded = await decideQuote(call, c.req.valid('param').id, 'accept');
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reject',
      operationId: 'rejectQuote',
      tags,
      security: KEY_SECURITY,
      summary: "Record the buyer's rejection of a sent quote",
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(TenantBody) },
      responses: { 200: quoteAnswer('The rejected quote'), ...changeErrors },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const loaded = await decideQuote(call, c.req.valid('param').id, 'reject');
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/cancel',
      operationId: 'cancelQuote',
      tags,
      security: KEY_SECURITY,
      summary: 'Cancel a quote not yet accepted or rejected; its share link stops working',
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(CancelBody) },
      responses: { 200: quoteAnswer('The cancelled quote'), ...changeErrors },
    }),
    async (c) => {
      const { tenant_id, reason } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const loaded = await cancelQuote(call, c.req.valid('param').id, reason);
      return c.json(answer(c, loaded, internal), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/clone',
      operationId: 'cloneQuote',
      tags,
      security: KEY_SECURITY,
      summary: "A new draft with a quote's items, customer and notes, under a new number, priced at current versions",
      request: { params: z.object({ id: Id }), ...jsonBody(TenantBody) },
      responses: {
        201: quoteAnswer('The new draft (its first history entry names the quote it copies)'),
        ...rejected,
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const loaded = await cloneQuote(call, c.req.valid('param').id);
      return c.json(answer(c, loaded, internal), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/revise',
      operationId: 'reviseQuote',
      tags,
      security: KEY_SECURITY,
      summary:
        'A new revision of a sent or expired quote: a draft under the same number, which supersedes it (docs/quotes.md, "Revisions")',
      request: { params: z.object({ id: Id }), headers: IfMatch, ...jsonBody(TenantBody) },
      responses: {
        201: quoteAnswer('The new revision (a draft; revises names the quote it replaces)'),
        ...changeErrors,
      },
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('json');
      const { call, internal } = write(c, tenant_id);
      const loaded = await reviseQuote(call, c.req.valid('param').id);
      return c.json(answer(c, loaded, internal), 201);
    },
  );
