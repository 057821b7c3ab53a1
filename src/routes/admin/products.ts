import { createRoute, z } from '@hono/zod-openapi';
import { iso } from '../../db/client';
import { ApiError } from '../../errors';
import { newApp } from '../../http/factory';
import { sha256Hex } from '../../keys/secret';
import { analyze } from '../../lang';
import { DiagnosticJson, splitDiagnostics } from '../../products/diagnostics';
import { publishCurrentVersion } from '../../products/pointer';
import { appendVersion, deleteProduct, findCurrent, findProduct, findVersion, listProducts, listVersions } from '../../products/repository';
import { textBodyAs } from '../../http/request-guards';
import { ADMIN_SECURITY, Truncated, errorResponses, json } from '../openapi-helpers';
import { SchemaBody } from '../v1/validate';
import { ProductParams, StoreParams } from './params';
import { findStore } from './stores';


const VersionInfo = z.object({ version: z.number().int(), content_hash: z.string(), created_at: z.string() }).openapi('ProductVersionInfo');

const SavedProduct = z
  .object({
    external_id: z.string(),
    name: z.string(),
    version: z.number().int(),
    content_hash: z.string(),
    created_at: z.string(),
    unchanged: z.boolean().openapi({ description: 'true when the source equals the current version, which is kept' }),
    warnings: z.array(DiagnosticJson),
    truncated: Truncated.optional(),
  })
  .openapi('SavedProduct');

const ProductDetail = z
  .object({
    external_id: z.string(),
    name: z.string(),
    current_version: z.number().int(),
    content_hash: z.string(),
    source: z.string(),
    warnings: z.array(DiagnosticJson),
    created_at: z.string(),
    updated_at: z.string(),
    versions: z.array(VersionInfo),
  })
  .openapi('Product');

const ProductSummary = z
  .object({ external_id: z.string(), name: z.string(), current_version: z.number().int(), updated_at: z.string() })
  .openapi('ProductSummary');

const VersionDetail = VersionInfo.extend({ source: z.string(), warnings: z.array(DiagnosticJson) }).openapi('ProductVersion');

const ProductRejected = z
  .object({
    error: z.string(),
    code: z.literal('VALIDATION_FAILED'),
    errors: z.array(DiagnosticJson).min(1).max(100).openapi({ description: "The schema's errors, each with line and column" }),
    truncated: Truncated.optional(),
  })
  .strict()
  .openapi('ProductRejected');

const tags = ['Admin: products'];

async function requireProduct(env: Env, storeId: string, externalId: string) {
  const product = await findProduct(env, storeId, externalId);
  if (!product) throw new ApiError('NOT_FOUND', `Product '${externalId}' not found in store '${storeId}'`);
  return product;
}

export const productsApi = newApp()
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/products/{external_id}',
      operationId: 'saveProduct',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Save a schema as the product\'s next version (201 for a new product, 200 for a new version)',
      middleware: [textBodyAs('schema')],
      request: {
        params: ProductParams,
        body: {
          required: true,
          content: {
            'application/json': { schema: SchemaBody },
            'text/plain': { schema: z.string().openapi({ description: 'The raw schema file, e.g. curl --data-binary @window.cpq' }) },
          },
        },
      },
      responses: {
        200: json(SavedProduct, 'Saved as a new version of an existing product, or unchanged'),
        201: json(SavedProduct, 'A new product, version 1'),
        422: json(ProductRejected, 'The schema has errors; nothing was saved'),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      // A text/plain body arrives here already wrapped as {schema} (textBodyAs).
      const { schema } = c.req.valid('json') as z.infer<typeof SchemaBody>;
      await findStore(c.env, store_id);
      const analysis = analyze(schema);
      const { ir } = analysis;
      const { errors, warnings, truncated } = splitDiagnostics(analysis);
      if (!ir) {
        const cut = truncated?.errors;
        const found = errors.length + (cut ?? 0);
        throw new ApiError('VALIDATION_FAILED', `The schema has ${found} error(s); nothing was saved`, { errors, ...(cut ? { truncated: { errors: cut } } : {}) });
      }
      const contentHash = await sha256Hex(schema);
      const current = await findCurrent(c.env, store_id, external_id);
      const name = ir.name[ir.language] ?? external_id;
      if (current?.contentHash === contentHash) {
        const kept = (await findVersion(c.env, store_id, external_id, current.version))!;
        return c.json(
          { external_id, name, version: kept.version, content_hash: contentHash, created_at: iso(kept.createdAt)!, unchanged: true, warnings, ...(truncated ? { truncated } : {}) },
          200,
        );
      }
      const saved = await appendVersion(c.env, {
        storeId: store_id,
        externalId: external_id,
        name,
        contentHash,
        source: schema,
        compiled: JSON.stringify(ir),
        warnings,
      });
      await publishCurrentVersion(c.env, store_id, external_id, { version: saved.version, contentHash });
      return c.json(
        { external_id, name, version: saved.version, content_hash: contentHash, created_at: iso(saved.createdAt)!, unchanged: false, warnings, ...(truncated ? { truncated } : {}) },
        current ? 200 : 201,
      );
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
      responses: { 200: json(z.object({ products: z.array(ProductSummary) }), 'The products'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id } = c.req.valid('param');
      await findStore(c.env, store_id);
      const rows = await listProducts(c.env, store_id);
      return c.json(
        { products: rows.map((p) => ({ external_id: p.externalId, name: p.name, current_version: p.currentVersion, updated_at: iso(p.updatedAt)! })) },
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
      responses: { 200: json(ProductDetail, 'The product'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      const product = await requireProduct(c.env, store_id, external_id);
      const [current, versions] = await Promise.all([
        findVersion(c.env, store_id, external_id, product.currentVersion),
        listVersions(c.env, store_id, external_id),
      ]);
      return c.json(
        {
          external_id,
          name: product.name,
          current_version: product.currentVersion,
          content_hash: current!.contentHash,
          source: current!.source,
          warnings: current!.warnings as z.infer<typeof DiagnosticJson>[],
          created_at: iso(product.createdAt)!,
          updated_at: iso(product.updatedAt)!,
          versions: versions.map((v) => ({ version: v.version, content_hash: v.contentHash, created_at: iso(v.createdAt)! })),
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
          version: z.coerce.number().int().positive().openapi({ param: { name: 'version', in: 'path' }, type: 'integer' }),
        }),
      },
      responses: { 200: json(VersionDetail, 'The version'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, external_id, version } = c.req.valid('param');
      const row = await findVersion(c.env, store_id, external_id, version);
      if (!row) throw new ApiError('NOT_FOUND', `Version ${version} of product '${external_id}' not found in store '${store_id}'`);
      return c.json(
        {
          version: row.version,
          content_hash: row.contentHash,
          created_at: iso(row.createdAt)!,
          source: row.source,
          warnings: row.warnings as z.infer<typeof DiagnosticJson>[],
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
      summary: 'Delete a product and all its versions',
      request: { params: ProductParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, external_id } = c.req.valid('param');
      if (!(await deleteProduct(c.env, store_id, external_id))) {
        throw new ApiError('NOT_FOUND', `Product '${external_id}' not found in store '${store_id}'`);
      }
      await publishCurrentVersion(c.env, store_id, external_id, null);
      return c.body(null, 204);
    },
  );
