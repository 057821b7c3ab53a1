import { createRoute, z } from '@hono/zod-openapi';
import { QuoteParams, StoreParams } from '../../api/admin/params';
import { QuoteSettings } from '../../api/admin/quote-settings';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { LIMITS } from '../../api/quote-limits';
import { listLimit, QuoteListQuery } from '../../api/quote-list';
import { Quote, QuoteList } from '../../api/quotes';
import type { RequestContext } from '../../env';
import { newApp } from '../../http/factory';
import { approveDiscount, cancelQuote, declineDiscount } from '../../quotes/service/lifecycle';
import { revokeLinks } from '../../quotes/service/links';
import { listQuotes } from '../../quotes/service/list';
import { countNewRequests, markOpened } from '../../quotes/service/requests';
import { getQuoteSettings, setQuoteSettings } from '../../quotes/service/settings';
import { getQuote, type QuoteCall } from '../../quotes/service/store';
import { presentQuote, presentSummary } from '../v1/present-quote';

// The backoffice's view of a store's quotes: everything /v1 reads (internal groups included), and what only an
// admin may do: set the discount that needs approval, approve or decline such discounts.

const tags = ['Admin: quotes'];

const presentSettings = (s: { approvalThresholdBp: number | null }) => ({
  approval_threshold_percent: s.approvalThresholdBp === null ? null : s.approvalThresholdBp / 100,
});

const Note = z.string().trim().max(LIMITS.reason);

const Empty = z.object({}).strict();

const NewRequests = z.object({ new: z.number().int() }).strict().openapi('NewQuoteRequests');

/** A change the admin makes, to the quote as it is (the backoffice sends no If-Match). */
export const adminCall = (c: RequestContext, storeId: string): QuoteCall => ({
  env: c.env,
  storeId,
  actor: 'admin',
});

export const adminQuotesApi = newApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/quote-settings',
      operationId: 'getQuoteSettings',
      tags,
      security: ADMIN_SECURITY,
      summary: "The store's quote settings",
      request: { params: StoreParams },
      responses: { 200: json(QuoteSettings, 'The settings'), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(presentSettings(await getQuoteSettings(c.env, c.req.valid('param').store_id)), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/quote-settings',
      operationId: 'setQuoteSettings',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Set the discount above which a quote needs approval',
      request: { params: StoreParams, ...jsonBody(QuoteSettings) },
      responses: { 200: json(QuoteSettings, 'The settings'), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const percent = c.req.valid('json').approval_threshold_percent;
      const bp = percent === null ? null : Math.round(percent * 100);
      return c.json(presentSettings(await setQuoteSettings(c.env, c.req.valid('param').store_id, bp)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/quotes',
      operationId: 'adminListQuotes',
      tags,
      security: ADMIN_SECURITY,
      summary:
        "The store's quotes, newest first, filtered by status, product and creation day, searched by number, customer or product",
      request: {
        params: StoreParams,
        query: z.object({
          ...QuoteListQuery,
          request: z.enum(['new', 'any']).optional().openapi({
            description: "Buyers' requests only (created by a quote:request key): new, the ones not opened yet; any, all",
          }),
          limit: listLimit(50),
        }),
      },
      responses: { 200: json(QuoteList, 'A page of quotes'), ...errorResponses(400, 404, 422) },
    }),
    async (c) => {
      const { q, ...query } = c.req.valid('query');
      const page = await listQuotes(c.env, c.req.valid('param').store_id, { ...query, search: q });
      return c.json({ quotes: page.quotes.map(presentSummary), next_cursor: page.nextCursor }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/quote-requests',
      operationId: 'countNewQuoteRequests',
      tags,
      security: ADMIN_SECURITY,
      summary: "How many buyers' requests nobody has opened yet (the backoffice's navigation counts them)",
      request: { params: StoreParams },
      responses: { 200: json(NewRequests, 'The count'), ...errorResponses(400, 404) },
    }),
    async (c) => c.json({ new: await countNewRequests(c.env, c.req.valid('param').store_id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/opened',
      operationId: 'markQuoteOpened',
      tags,
      security: ADMIN_SECURITY,
      summary: "Marks a buyer's request opened (the backoffice does when it shows the quote); no change of the quote",
      request: { params: QuoteParams, ...jsonBody(Empty) },
      responses: { 204: { description: 'Marked, or already opened, or no request' }, ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      await markOpened(c.env, store_id, id);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/quotes/{id}',
      operationId: 'adminGetQuote',
      tags,
      security: ADMIN_SECURITY,
      summary: 'One quote with its items (internal output groups included) and history',
      request: { params: QuoteParams },
      responses: { 200: json(Quote, 'The quote'), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      return c.json(presentQuote(await getQuote(c.env, store_id, id), true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/approve',
      operationId: 'approveQuoteDiscount',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Approve the discount of a quote awaiting approval; it becomes a draft that can be sent',
      request: { params: QuoteParams, ...jsonBody(z.object({ note: Note.optional() }).strict()) },
      responses: { 200: json(Quote, 'The quote'), ...errorResponses(400, 404, 409) },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      return c.json(
        presentQuote(await approveDiscount(adminCall(c, store_id), id, c.req.valid('json').note || undefined), true),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/decline',
      operationId: 'declineQuoteDiscount',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Decline the discount of a quote awaiting approval, with a note: the discount is removed',
      request: { params: QuoteParams, ...jsonBody(z.object({ note: Note.min(1) }).strict()) },
      responses: { 200: json(Quote, 'The quote'), ...errorResponses(400, 404, 409) },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      return c.json(presentQuote(await declineDiscount(adminCall(c, store_id), id, c.req.valid('json').note), true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/quotes/{id}/cancel',
      operationId: 'adminCancelQuote',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Cancel a quote not yet accepted or rejected',
      request: { params: QuoteParams, ...jsonBody(z.object({ reason: Note.optional() }).strict()) },
      responses: { 200: json(Quote, 'The quote'), ...errorResponses(400, 404, 409) },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      const reason = c.req.valid('json').reason || undefined;
      return c.json(presentQuote(await cancelQuote(adminCall(c, store_id), id, reason), true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{store_id}/quotes/{id}/share',
      operationId: 'adminRevokeQuoteLinks',
      tags,
      security: ADMIN_SECURITY,
      summary: 'End every link given out for a quote (share and status): their pages answer 404 from then on',
      request: { params: QuoteParams },
      responses: { 200: json(Quote, 'The quote, links_active false'), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { store_id, id } = c.req.valid('param');
      return c.json(presentQuote(await revokeLinks(adminCall(c, store_id), id), true), 200);
    },
  );
