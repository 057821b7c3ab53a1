import { createRoute, z } from '@hono/zod-openapi';
import { ExternalId, ProductParams, StoreParams } from '../../api/admin/params';
import { ProductDetail, ProductList, ProductRejected, SaveBody, SavedProduct, VersionDetail } from '../../api/admin/products';
import { ADMIN_SECURITY, errorResponses, headers, json, jsonBody } from '../../api/openapi';
import { ifMatchHeader, ifMatchVersion, versionETag } from '../../api/version-etag';
import { iso } from '../../db/time';
import { newApp } from '../../http/factory';
import { textBodyAs } from '../../http/request-guards';
import {
  deleteProduct,
  duplicateProduct,
  getProduct,
  getVersion,
  listProducts,
  type SavedVersion,
  saveSchema,
} from '../../products/service';
import { actorOf } from './price-lists';

export function savedProduct(externalId: string, saved: SavedVersion): z.infer<typeof SavedProduct> {
  return {
    external_id: externalId,
    name: saved.name,
    version: saved.version,
    content_hash: saved.contentHash,
    created_at: iso(saved.createdAt)!,
    unchanged: saved.unchanged,
    warnings: saved.warnings,
    ...(saved.truncated ? { truncated: saved.truncated } : {}),
  };
}

const tags = ['Admin: products'];
/** The product's current version as an ETag, for the If-Match of a save made from it. */
const VERSION_HEADERS = headers(['ETag']);

export const productsApi = newApp()
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/products/{external_id}',
      operationId: 'saveProduct',
      tags,
      security: ADMIN_SECURITY,
      summary: "Save a schema as the product's next version (201 for a new product, 200 for a new version)",
      middleware: [textBodyAs('schema')],
      request: {
        params: ProductParams,
        headers: z.object({
          'If-Match': ifMatchHeader('product'),
          'If-None-Match': z
            .literal('*')
            .optional()
            .openapi({
              param: { name: 'If-None-Match', in: 'header' },
              description: 'Only `*`: save only as a new product, 412 when the product exists (If-Match wins when both are sent)',
            }),
        }),
        body: {
          required: true,
          content: {
            'application/json': { schema: SaveBody },
            'text/plain': {
              schema: z.string().openapi({ description: 'The raw schema file, e.g. curl --data-binary @window.cpq' }),
            },
          },
        },
      },
      responses: {
        200: { ...json(SavedProduct, 'Saved as a new version of an existing product, or unchanged'), headers: VERSION_HEADERS },
        201: { ...json(SavedProduct, 'A new product, version 1'), headers: VERSION_HEADERS },
        422: json(ProductRejected, 'The schema has errors; nothing was saved'),
        ...errorResponses(400, 401, 404, 412),
      },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const conditions = c.req.valid('header');
      // The version the schema was edited from, 0 for none; a source equal to the current one saves nothing anyway.
      const base = ifMatchVersion(conditions['If-Match']) ?? (conditions['If-None-Match'] ? 0 : undefined);
      // A text/plain body arrives here already wrapped as {schema} (textBodyAs).
      const { schema, note } = c.req.valid('json') as z.infer<typeof SaveBody>;
      const saved = await saveSchema(c.env, store_id, external_id, schema, note ?? null, base);
      const body = savedProduct(external_id, saved);
      c.header('ETag', versionETag(saved.version));
      return saved.created ? c.json(body, 201) : c.json(body, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/products',
      operationId: 'listProducts',
      tags,
      security: ADMIN_SECURITY,
      summary: "List a store's products",
      request: { params: StoreParams },
      responses: { 200: json(ProductList, 'The products'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { products, unpublished } = await listProducts(c.env, c.req.valid('param').store_id);
      return c.json(
        {
          products: products.map(({ product: p, draftUpdatedAt }) => ({
            external_id: p.externalId,
            name: p.name,
            current_version: p.currentVersion,
            updated_at: iso(p.updatedAt)!,
            draft_updated_at: iso(draftUpdatedAt),
          })),
          drafts: unpublished.map((d) => ({ external_id: d.externalId, updated_at: iso(d.updatedAt)! })),
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/products/{external_id}',
      operationId: 'getProduct',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Get a product: current source and version history',
      request: { params: ProductParams },
      responses: {
        200: { ...json(ProductDetail, 'The product'), headers: VERSION_HEADERS },
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const { product, current, versions } = await getProduct(c.env, store_id, external_id);
      c.header('ETag', versionETag(product.currentVersion));
      return c.json(
        {
          external_id,
          name: product.name,
          current_version: product.currentVersion,
          content_hash: current.contentHash,
          source: current.source,
          warnings: current.warnings,
          created_at: iso(product.createdAt)!,
          updated_at: iso(product.updatedAt)!,
          versions: versions.map((v) => ({
            version: v.version,
            content_hash: v.contentHash,
            created_at: iso(v.createdAt)!,
            note: v.note,
          })),
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/products/{external_id}/versions/{version}',
      operationId: 'getProductVersion',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Get one version of a product, with its source',
      request: {
        params: ProductParams.extend({
          version: z.coerce
            .number()
            .int()
            .positive()
            .openapi({ param: { name: 'version', in: 'path' }, type: 'integer' }),
        }),
      },
      responses: { 200: json(VersionDetail, 'The version'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, external_id, version } = c.req.valid('param');
      const row = await getVersion(c.env, store_id, external_id, version);
      return c.json(
        {
          version: row.version,
          content_hash: row.contentHash,
          created_at: iso(row.createdAt)!,
          note: row.note,
          source: row.source,
          warnings: row.warnings,
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{store_id}/products/{external_id}',
      operationId: 'deleteProduct',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Delete a product for good: all its versions and its draft; storefronts get 404 from then on',
      request: { params: ProductParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      await deleteProduct(c.env, store_id, external_id, actorOf(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/products/{external_id}/duplicate',
      operationId: 'duplicateProduct',
      tags,
      security: ADMIN_SECURITY,
      summary: "Copy the product's current version as version 1 of a new product id in the same store",
      request: {
        params: ProductParams,
        ...jsonBody(z.object({ external_id: ExternalId.openapi({ description: 'The new product id' }) }).strict()),
      },
      responses: {
        201: json(SavedProduct, 'The copy, version 1 of the new product'),
        422: json(ProductRejected, 'The current version no longer compiles with this release; nothing was copied'),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const target = c.req.valid('json').external_id;
      return c.json(savedProduct(target, await duplicateProduct(c.env, store_id, external_id, target)), 201);
    },
  );
