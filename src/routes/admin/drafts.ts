import { createRoute, z } from '@hono/zod-openapi';
import { Draft, DraftBody, PublishDraftBody, SavedDraft } from '../../api/admin/drafts';
import { ProductParams } from '../../api/admin/params';
import { ProductRejected, SavedProduct } from '../../api/admin/products';
import { formResponses } from '../../api/form';
import { ADMIN_SECURITY, ConditionalHeaders, errorResponses, headers, json, jsonBody, Lang } from '../../api/openapi';
import { PERMISSIONS } from '../../api/permissions';
import { MODEL_PRICES } from '../../configurator/priced';
import { calculationOf, draftFormResponse } from '../../configurator/serve';
import { iso } from '../../db/time';
import { loadDraft } from '../../drafts/compiled';
import { discardDraft, getDraft, publishDraft, saveDraft } from '../../drafts/service';
import { newApp } from '../../http/factory';
import { validationResult } from '../../products/diagnostics';
import { PreviewCalculateBody, PreviewCalculation, PreviewRejected } from './preview';
import { savedProduct } from './products';

// A product's draft: the source the editor saves as the author types, previewed live, published as the next
// version. Storefronts never see it (docs/backoffice.md, "Drafts").

const tags = ['Admin: drafts'];
const path = '/{store_id}/products/{external_id}/draft';

export const draftsApi = newApp()
  .openapi(
    createRoute({
      method: 'get',
      path,
      operationId: 'getDraft',
      tags,
      security: ADMIN_SECURITY,
      summary: "The product's draft",
      request: { params: ProductParams },
      responses: { 200: json(Draft, 'The draft'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const draft = await getDraft(c.env, store_id, external_id);
      return c.json({ source: draft.source, updated_at: iso(draft.updatedAt)!, base_version: draft.baseVersion }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path,
      operationId: 'saveDraft',
      tags,
      security: ADMIN_SECURITY,
      summary: "Save the product's draft (also for a product not yet published); storefronts do not see it",
      request: { params: ProductParams, ...jsonBody(DraftBody) },
      responses: { 200: json(SavedDraft, 'Saved, with its diagnostics'), ...errorResponses(400, 401, 404, 413) },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const { source, base_version } = c.req.valid('json');
      const updatedAt = await saveDraft(c.env, store_id, external_id, source, base_version);
      return c.json({ updated_at: iso(updatedAt)!, ...validationResult(source) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path,
      operationId: 'discardDraft',
      tags,
      security: ADMIN_SECURITY,
      summary: "Discard the product's draft",
      request: { params: ProductParams },
      responses: { 204: { description: 'Discarded' }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      await discardDraft(c.env, store_id, external_id);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${path}/publish`,
      operationId: 'publishDraft',
      tags,
      security: ADMIN_SECURITY,
      summary: "Publish the draft as the product's next version, with a note; the draft is removed",
      request: { params: ProductParams, ...jsonBody(PublishDraftBody) },
      responses: {
        200: json(SavedProduct, 'Unchanged: the draft equals the current version, which is kept'),
        201: json(SavedProduct, 'Published as a new version'),
        422: json(ProductRejected, 'The draft has errors; nothing was published and the draft is kept'),
        ...errorResponses(400, 401, 404, 412),
      },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const { note, force } = c.req.valid('json');
      const saved = await publishDraft(c.env, store_id, external_id, note ?? null, force);
      const body = savedProduct(external_id, saved);
      return saved.unchanged ? c.json(body, 200) : c.json(body, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${path}/form`,
      operationId: 'getDraftForm',
      tags,
      security: ADMIN_SECURITY,
      summary: "The draft's form, as the saved version's form; `version` is the draft's base version (0 for a new product)",
      request: { params: ProductParams, query: z.object({ lang: Lang.optional() }), headers: ConditionalHeaders },
      responses: {
        ...formResponses,
        422: json(ProductRejected, 'The draft does not compile (its own failing tests do not count)'),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const loaded = await loadDraft(await getDraft(c.env, store_id, external_id));
      return draftFormResponse(c, loaded, external_id, c.req.valid('query').lang);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${path}/calculate`,
      operationId: 'calculateDraft',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Calculate the draft as the saved-version preview does',
      request: { params: ProductParams, ...jsonBody(PreviewCalculateBody) },
      responses: {
        200: { ...json(PreviewCalculation, 'The calculation and the states'), headers: headers(['Content-Language']) },
        422: json(
          z.union([PreviewRejected, ProductRejected]),
          'Invalid configuration, with the states; or a draft that does not compile, with its errors',
        ),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const loaded = await loadDraft(await getDraft(c.env, store_id, external_id));
      const body = { ...c.req.valid('json'), product_id: external_id };
      // With states (the last argument) both answers carry `states`, which calculationOf's type cannot say.
      return calculationOf(c, loaded, body, PERMISSIONS, MODEL_PRICES, true) as never;
    },
  );
