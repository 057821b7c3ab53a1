// What a storefront request is priced under (issue 45, docs/api.md "Markets and price lists"): the market and
// customer group it names or its key defaults to, resolved to the price list in force (src/markets/resolve.ts), and
// the model priced by that list: the version's IR with the list's amounts (applyPriceBook), compiled once per
// product version × list id × list version and isolate (src/products/loaded.ts), like the versions themselves.
import type { z } from '@hono/zod-openapi';
import type { KeyRecord } from '../api/permissions';
import type { Pricing } from '../api/pricing';
import type { RequestContext } from '../env';
import { ApiError } from '../errors';
import { type Clock, realTime } from '../isolate/clock';
import { applyPriceBook } from '../lang/price-book';
import { priceBookFor, type ResolvedPricing, resolvePricing, settle } from '../markets/resolve';
import { type LoadedProduct, rememberPriced, warmPriced } from '../products/loaded';

/** The time a request is priced at (the list in force then); tests move it to a list's start date. */
export const pricingClock: { clock: Pick<Clock, 'now'> } = { clock: realTime };

/** The market and group a request names (query or body). */
export interface AskedPricing {
  market?: string | undefined;
  group?: string | undefined;
}

/** What the admin's preview and drafts price with: the model's own prices, as a store without markets. */
export const MODEL_PRICES: ResolvedPricing = { market: null, group: 'retail', list: null, chain: [], tax: null };

/**
 * `market` and `group` from the body and the query (a POST takes both places): the same field in both must agree,
 * a 400 naming it otherwise.
 */
export function askedOf(body: AskedPricing, query: AskedPricing): AskedPricing {
  const pick = (field: keyof AskedPricing) => {
    const [b, q] = [body[field], query[field]];
    if (b !== undefined && q !== undefined && b !== q) {
      const message = `'${field}' is given twice, as ${JSON.stringify(q)} in the query and ${JSON.stringify(b)} in the body`;
      throw new ApiError('BAD_REQUEST', `Invalid field '${field}': ${message}`, {
        errors: [{ field, code: 'INVALID_VALUE', message, location: 'query' }],
      });
    }
    return b ?? q;
  };
  return { market: pick('market'), group: pick('group') };
}

/** The pricing of a keyed request: 403 for a market or group the key may not use, 404 for an unknown one. */
export function requestPricing(c: RequestContext, storeId: string, key: KeyRecord, asked: AskedPricing) {
  return resolvePricing(c.env, storeId, key, asked, pricingClock.clock.now());
}

/** As a key bound to `group` and to no market limits: the store's own people may price for any market and group. */
const anyMarketOf = (storeId: string, group: string | undefined): KeyRecord => ({
  keyId: 'store',
  storeId,
  permissions: [],
  plan: 'free',
  customerGroup: group ?? null,
  markets: null,
});

/** The pricing the store's admin names (the quote desk): any of its markets and groups; 404 for an unknown one. */
export function namedPricing(env: Env, storeId: string, asked: AskedPricing) {
  return resolvePricing(env, storeId, anyMarketOf(storeId, asked.group), asked, pricingClock.clock.now());
}

/**
 * The pricing of a quote's market and group with the list in force now (adding items, re-pricing, cloning). A quote
 * priced without a market stays so, though the store has markets since: its currency is the model's.
 */
export function pinnedPricing(env: Env, storeId: string, quote: { market: string | null; customerGroup: string }) {
  if (quote.market === null) return Promise.resolve({ ...MODEL_PRICES, group: quote.customerGroup });
  return namedPricing(env, storeId, { market: quote.market, group: quote.customerGroup });
}

/**
 * The product priced as `pricing` says: the version itself for the model's prices, else the version with the
 * list's amounts. A market whose currency the model is not in and no list for it: 409 NO_PRICE_LIST
 * (`priceBookFor`), never a price in another currency.
 */
export async function pricedProduct(
  env: Env,
  storeId: string,
  productId: string,
  loaded: LoadedProduct,
  pricing: ResolvedPricing,
): Promise<LoadedProduct> {
  const asked = bookKey(pricing);
  const warm = warmPricedProduct(storeId, productId, loaded, pricing);
  if (warm) return warm;
  const book = await priceBookFor(env, storeId, { id: productId, version: loaded.version, ir: loaded.model.ir }, pricing);
  if (!book) return loaded;
  // `pricing` now names the versions the book was read at; a request still resolving the older ones gets it too.
  const read = bookKey(pricing);
  const keys = read === asked ? [read] : [read, asked];
  return rememberPriced(storeId, productId, loaded, keys, applyPriceBook(loaded.model.ir, book), pricing.chain);
}

/**
 * The product priced by `pricing`'s list as this isolate compiled it before, without any I/O, `pricing` settled to
 * the versions its amounts came from; undefined when it has not, or when no list prices it.
 */
export function warmPricedProduct(storeId: string, productId: string, loaded: LoadedProduct, pricing: ResolvedPricing) {
  const warm = pricing.list ? warmPriced(storeId, productId, loaded, bookKey(pricing)) : undefined;
  if (warm?.chain) settle(pricing, warm.chain);
  return warm;
}

/**
 * What a priced model is compiled for besides the product's version: the list's version and those of the lists it
 * derives from (a change to a base list changes the derived amounts). Ids are slugs: no `.` or `+` in them.
 */
export const bookKey = ({ chain }: ResolvedPricing): string => chain.map((l) => `${l.id}.${l.version}`).join('+');

/** The `pricing` of an answer priced with `loaded`. */
export function presentPricing(pricing: ResolvedPricing, loaded: LoadedProduct): z.infer<typeof Pricing> {
  const { list } = pricing;
  return {
    market: pricing.market?.id ?? null,
    group: pricing.group,
    currency: loaded.model.ir.currency,
    list: list ? { id: list.id, version: list.version, name: list.name } : null,
  };
}
