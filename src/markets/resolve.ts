import { RETAIL } from '../api/admin/markets';
import type { KeyRecord } from '../api/permissions';
import { ApiError } from '../errors';
import type { ProductIR } from '../lang/ir';
import type { PriceBook } from '../lang/price-book';
import { MAX_CHAIN_LENGTH } from '../pricing/derive';
import { dayOf, listInForce } from './in-force';
import { loadPriceBook } from './service/books';
import { type ListSettings, type MarketSettings, type PricingSnapshot, readSnapshot } from './service/snapshot';

// Which market, customer group and price list a storefront request prices with (docs/api.md, "Markets and price
// lists"): from what it names (`market`, `group`), its key's binding (kept in the key's record, so it costs
// nothing) and the store's markets (src/markets/snapshot.ts: this isolate's for a second, else KV).

export interface PricingTax {
  /** Basis points of a percent (810 = 8.1 %). */
  rateBp: number;
  prices: 'net' | 'gross';
}

export interface PricingList {
  id: string;
  version: number;
  name: string;
  currency: string;
}

export interface ResolvedPricing {
  /** null: the store has no markets and none was named (prices as before markets). */
  market: MarketSettings | null;
  group: string;
  /** The list in force for the market and group at the request's time; null: the model's prices. */
  list: PricingList | null;
  /** The list and the lists it derives from, nearest first, with the versions read (what a price book is cached by). */
  chain: ListSettings[];
  /** The market's tax; null: none (or no market: the store profile's, as before markets). */
  tax: PricingTax | null;
}

/** What a request names; each undefined when it names nothing. */
export interface PricingAsk {
  market?: string | undefined;
  group?: string | undefined;
}

const forbidden = (field: 'market' | 'group', message: string) => new ApiError('FORBIDDEN', message, { details: { field } });
const unknown = (field: 'market' | 'group', id: string) =>
  new ApiError('NOT_FOUND', `Unknown ${field} '${id.slice(0, 64)}'`, { details: { field } });

/** The list and its bases, nearest first (chains are bounded and acyclic: price-lists.ts checks both on every change). */
function chainOf(snapshot: PricingSnapshot, list: ListSettings): ListSettings[] {
  const chain = [list];
  for (let at = list.base; at !== null && Object.hasOwn(snapshot.lists, at) && chain.length < MAX_CHAIN_LENGTH; ) {
    const next = snapshot.lists[at]!;
    chain.push(next);
    at = next.base;
  }
  return chain;
}

/**
 * The request's market, group and list. A group other than the key's, or a market outside its limits: 403 naming
 * the field (so group ids never leak through a 404). An unknown market: 404 naming it. No market named: the key's
 * only market when it is limited to one, else the store's default (or, outside the key's limits, the first market it
 * may use), else none. A group without a list in force in
 * the market falls back to the market's retail lists; none at all: `list` null (the model's prices, or
 * NO_PRICE_LIST from priceBookFor when the model is in another currency). `now`: Unix ms (tests inject it).
 */
export async function resolvePricing(
  env: Env,
  storeId: string,
  key: KeyRecord,
  ask: PricingAsk,
  now: number,
): Promise<ResolvedPricing> {
  const keyGroup = key.customerGroup ?? RETAIL;
  if (ask.group !== undefined && ask.group !== keyGroup) {
    throw forbidden('group', 'This API key may not price for another customer group');
  }
  const limits = key.markets ?? null;
  if (ask.market !== undefined && limits !== null && !limits.includes(ask.market)) {
    throw forbidden('market', `This API key may not use market '${ask.market.slice(0, 64)}'`);
  }
  const snapshot = await readSnapshot(env, storeId);
  if (keyGroup !== RETAIL && snapshot !== null && !snapshot.groups.includes(keyGroup)) throw unknown('group', keyGroup);
  const wanted = ask.market ?? (limits?.length === 1 ? limits[0] : undefined);
  const market =
    wanted === undefined
      ? (snapshot?.markets.find((m) => m.isDefault && (limits === null || limits.includes(m.id))) ??
        snapshot?.markets.find((m) => limits?.includes(m.id)) ??
        null)
      : (snapshot?.markets.find((m) => m.id === wanted) ?? null);
  if (wanted !== undefined && market === null) throw unknown('market', wanted);
  if (market === null || snapshot === null) return { market: null, group: keyGroup, list: null, chain: [], tax: null };
  const day = dayOf(now);
  const idsOf = (group: string) => market.lists.filter((a) => a.group === group).map((a) => a.list);
  const list =
    listInForce(snapshot, idsOf(keyGroup), day) ?? (keyGroup === RETAIL ? null : listInForce(snapshot, idsOf(RETAIL), day));
  const tax = market.taxRateBp === null ? null : { rateBp: market.taxRateBp, prices: market.taxPrices };
  return {
    market,
    group: keyGroup,
    list: list && { id: list.id, version: list.version, name: list.name, currency: list.currency },
    chain: list ? chainOf(snapshot, list) : [],
    tax,
  };
}

/**
 * The price book a product is priced with under `pricing` (applyPriceBook, src/lang/price-book.ts), or null for the
 * model's own prices: no list in force and the model in the market's currency (or no market). No list in force and
 * the model in another currency: 409 NO_PRICE_LIST naming market and currency, never a price in the wrong currency.
 * Cached per isolate by store, product version and each list's version (src/markets/service/books.ts).
 */
export async function priceBookFor(
  env: Env,
  storeId: string,
  product: { id: string; version: number; ir: ProductIR },
  pricing: ResolvedPricing,
): Promise<PriceBook | null> {
  if (pricing.list === null) {
    const market = pricing.market;
    if (market && market.currency !== product.ir.currency) {
      throw new ApiError(
        'NO_PRICE_LIST',
        `Market '${market.id}' prices in ${market.currency} and has no price list in force for group '${pricing.group}'; the product's model is in ${product.ir.currency}`,
        { details: { market: market.id, currency: market.currency, group: pricing.group } },
      );
    }
    return null;
  }
  const read = await loadPriceBook(env, storeId, product, pricing.chain);
  settle(pricing, read.chain);
  return read.book;
}

/**
 * Names in `pricing` the lists whose amounts priced the answer: `chain` as its book was read. This isolate's snapshot
 * may name older versions than D1 had when the book was read (docs/api.md, "Markets and price lists": its window);
 * the request's own pricing then moves to the versions read, so `pricing.list.version`, the form's cache key and a
 * quote's pin always name the amounts served.
 */
export function settle(pricing: ResolvedPricing, chain: readonly ListSettings[]): void {
  const same =
    chain.length === pricing.chain.length &&
    chain.every((l, i) => l.id === pricing.chain[i]!.id && l.version === pricing.chain[i]!.version);
  if (same || chain.length === 0) return;
  const list = chain[0]!;
  pricing.chain = [...chain];
  pricing.list = { id: list.id, version: list.version, name: list.name, currency: list.currency };
}
