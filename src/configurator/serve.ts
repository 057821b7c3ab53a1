import type { z } from '@hono/zod-openapi';
import type { ConfigureRequest } from '../api/configure';
import { capList, cappedLists } from '../api/list-caps';
import type { Permission } from '../api/permissions';
import type { RequestContext } from '../env';
import { ApiError } from '../errors';
import { errorsFor, explainProblem, negotiateLanguage, type Want, wantProblem } from '../lang/instantiate';
import { IR_VERSION, type ProductIR } from '../lang/ir';
import type { ResolvedPricing } from '../markets/resolve';
import { type LoadedProduct, loadProduct, warmProduct } from '../products/loaded';
import { readCurrentVersion, type VersionPointer } from '../products/pointer';
import { type CalculateBody, calculationAnswer, presentCalculation, withUnlisted } from './calculation';
import { matchesETag } from './etag';
import { formBody } from './form';
import { cachedForm, formCacheKey, pricingKey, storeForm } from './form-cache';
import { selectOutputGroups } from './output-groups';
import { MODEL_PRICES, presentPricing, pricedProduct, warmPricedProduct } from './priced';
import { readAheadProduct } from './read-ahead';

/** Storefronts may reuse a form for a minute and serve it stale while revalidating; the ETag makes revalidation cheap. */
const FORM_CACHE_CONTROL = 'private, max-age=60, stale-while-revalidate=600';

async function requireProduct(c: RequestContext, storeId: string, productId: string, pointer?: VersionPointer | null) {
  const loaded =
    (await readAheadProduct(c, storeId, productId, pointer)) ??
    (await loadProduct(c.env, storeId, productId, pointer, c.executionCtx));
  if (!loaded) throw new ApiError('NOT_FOUND', `Product '${productId}' not found`);
  return loaded;
}

function sendForm(
  c: RequestContext,
  etag: string,
  language: string,
  body: () => string,
  pricing: ResolvedPricing,
  cacheControl = FORM_CACHE_CONTROL,
): Response {
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  c.header('Content-Language', language);
  // Priced for a market or a group, the same URL answers each key its own prices: no cache may share them.
  if (pricing.market || pricing.group !== MODEL_PRICES.group) c.header('Vary', 'X-API-Key, Authorization');
  if (matchesETag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  return c.body(body(), 200, { 'Content-Type': 'application/json' });
}

/**
 * The form of a store's product priced as `pricing` says, shared by the public API and the backoffice preview; auth
 * is the caller's job. A warm isolate answers from its compiled model (the body serialized once per version, price
 * list version, pricing and language, and not at all for a 304); a cold one first tries the location's cache, where
 * another isolate may have put it. The cache's key and the ETag hold the market, the group and the list's version,
 * so a form priced for one group is never answered to another (docs/api.md, "Priced in a market").
 */
export async function formResponse(
  c: RequestContext,
  storeId: string,
  productId: string,
  lang: string | undefined,
  pricing: ResolvedPricing,
) {
  const pointer = await readCurrentVersion(c.env, storeId, productId);
  const base = pointer ? warmProduct(storeId, productId, pointer) : undefined;
  // Without a list the version is its own price, unless the market is in another currency (409: pricedProduct).
  const own = base && !(pricing.market && pricing.market.currency !== base.model.ir.currency) ? base : undefined;
  const warm = base && (pricing.list ? warmPricedProduct(storeId, productId, base, pricing) : own);
  if (pointer && !warm) {
    const cached = await cachedForm(formCacheKey(storeId, productId, pointer, lang, pricingKey(pricing)));
    if (cached) return sendForm(c, cached.etag, cached.language, () => cached.body, pricing);
  }
  const loaded =
    warm ??
    (await pricedProduct(c.env, storeId, productId, base ?? (await requireProduct(c, storeId, productId, pointer)), pricing));
  // After pricing: the versions its amounts came from (src/markets/resolve.ts, `settle`), which the tag and key name.
  const priceKey = pricingKey(pricing);
  const language = negotiateLanguage(lang, loaded.model.ir);
  // The compiler's release is part of the tag: a new one may render the same version's form differently.
  const etag = `"${loaded.contentHash.slice(0, 16)}-v${loaded.version}-ir${IR_VERSION}-${language}${priceKey ? `-${priceKey}` : ''}"`;
  const body = () => formBody(loaded, productId, language, presentPricing(pricing, loaded));
  if (!warm) {
    storeForm(c.executionCtx, formCacheKey(storeId, productId, loaded, lang, priceKey), { body: body(), etag, language });
  }
  return sendForm(c, etag, language, body, pricing);
}

/**
 * The form of a product's draft (the backoffice's live preview): like a version's, but never stored in a cache,
 * since the next keystroke replaces it.
 */
export function draftFormResponse(c: RequestContext, loaded: LoadedProduct, productId: string, lang: string | undefined) {
  const language = negotiateLanguage(lang, loaded.model.ir);
  const etag = `"draft-${loaded.contentHash.slice(0, 16)}-v${loaded.version}-ir${IR_VERSION}-${language}"`;
  const body = () => formBody(loaded, productId, language, presentPricing(MODEL_PRICES, loaded));
  return sendForm(c, etag, language, body, MODEL_PRICES, 'no-store');
}

/**
 * A calculation for a store's product, shared by the public API and the backoffice preview; auth is the caller's job.
 * `withStates` adds each field's and group's visible/enabled/required state, which the preview needs for the
 * conditions JSON Logic cannot express.
 */
export async function calculationResponse(
  c: RequestContext,
  storeId: string,
  body: CalculateBody,
  permissions: readonly Permission[],
  pricing: ResolvedPricing,
  withStates = false,
) {
  const loaded = await pricedProduct(c.env, storeId, body.product_id, await requireProduct(c, storeId, body.product_id), pricing);
  return calculationOf(c, loaded, body, permissions, pricing, withStates);
}

/** A calculation of a loaded product (a version, or a draft in the backoffice preview) priced as `pricing` says. */
export function calculationOf(
  c: RequestContext,
  loaded: LoadedProduct,
  body: CalculateBody,
  permissions: readonly Permission[],
  pricing: ResolvedPricing,
  withStates = false,
) {
  const answer = calculationAnswer(loaded, body, permissions);
  const { evaluation } = answer;
  c.header('Content-Language', evaluation.language);
  const states = withStates
    ? {
        states: {
          fields: evaluation.fields.map(({ id, visible, enabled, required }) => ({ id, visible, enabled, required })),
          groups: evaluation.groups,
        },
      }
    : {};
  if (answer.status === 422) return c.json({ ...answer.body, ...states }, 422);
  return c.json({ ...answer.body, pricing: presentPricing(pricing, loaded), ...states }, 200);
}

/** The public configure request without its tenant. */
export type ConfigureBody = Omit<z.infer<typeof ConfigureRequest>, 'tenant_id'>;

/**
 * A partial configuration of a store's product (POST /v1/configure); auth is the caller's job. Its `calculation`
 * is exactly the `result` a calculation of the same configuration answers with 200, or null where that is a 422.
 */
export async function configurationResponse(
  c: RequestContext,
  storeId: string,
  body: ConfigureBody,
  permissions: readonly Permission[],
  pricing: ResolvedPricing,
) {
  const loaded = await pricedProduct(c.env, storeId, body.product_id, await requireProduct(c, storeId, body.product_id), pricing);
  const ir = loaded.model.ir;
  const quantity = body.quantity ?? ir.quantity.default;
  if (body.want) refuseUnknownWant(loaded.model.ir, body.want);
  if (body.explain) refuseBadExplain(loaded.model.ir, body.explain, body.compact === true);
  const configured = loaded.model.configure({
    configuration: body.configuration,
    quantity,
    lang: body.lang,
    want: body.want,
    conflicts: body.conflicts,
    compact: body.compact,
    explain: body.explain,
  });
  const { evaluation } = configured;
  c.header('Content-Language', evaluation.language);
  const selection = selectOutputGroups(ir, undefined, permissions);
  const errors = errorsFor(evaluation, selection.groups);
  const prices = errors.length === 0 && evaluation.price !== null;
  const calculation = prices
    ? presentCalculation({
        productId: body.product_id,
        loaded,
        configuration: body.configuration,
        quantity,
        selection,
        evaluation,
      }).result
    : null;
  const capped = withUnlisted(cappedLists({ errors, warnings: evaluation.warnings }), evaluation.unlistedErrors);
  // The engine capped fields, options and reasons (src/lang/configure/answer.ts); `truncated` counts every list.
  const truncated = { ...capped.truncated, ...configured.truncated };
  const lists = { ...capped, ...(Object.keys(truncated).length > 0 ? { truncated } : {}) };
  return c.json(
    {
      product_id: body.product_id,
      version: loaded.version,
      language: evaluation.language,
      complete: configured.complete,
      fields: configured.fields,
      groups: evaluation.groups,
      ...lists,
      calculation,
      pricing: presentPricing(pricing, loaded),
      ...(configured.want ? { want: configured.want } : {}),
    },
    200,
  );
}

/** A `want` that names no option of the product: 400, naming the field or the option, with the ids it may name. */
function refuseUnknownWant(ir: ProductIR, want: Want): void {
  const problem = wantProblem(ir, want);
  if (problem !== undefined) refuseField(`want.${problem.at}`, problem);
}

/** An `explain` without `compact: true`, or naming a field without options: 400, with the fields it may name. */
function refuseBadExplain(ir: ProductIR, explain: readonly string[], compact: boolean): void {
  const problem = explainProblem(ir, explain, compact);
  if (problem !== undefined) refuseField('explain', problem);
}

/** A 400 for a body field that names nothing the product has, with the first ids it may name. */
function refuseField(field: string, problem: { message: string; available: string[] }): never {
  const available = capList(problem.available);
  throw new ApiError('BAD_REQUEST', `Invalid body field '${field}': ${problem.message}`, {
    errors: [{ field, code: 'INVALID_VALUE', message: problem.message, location: 'body' }],
    details: { available: available.items },
    ...(available.omitted > 0 ? { truncated: { available: available.omitted } } : {}),
  });
}
