import { LIMITS } from '../../api/quote-limits';
import { pinnedPricing } from '../../configurator/priced';
import { ApiError } from '../../errors';
import { type ItemInput, type ItemProblem, pinned, priceAll, priceItem } from '../pricing';
import type { LineDiscount, QuoteCustomer, QuoteDiscount } from '../shapes';
import { majorOf, minorOf } from '../totals';
import { transition } from '../transitions';
import { checkValidUntil, endOfDay } from '../validity';
import { type Change, change, getQuote, type LoadedQuote, type PutItem, type QuoteCall, stale } from './store';

// The edits of a draft: its customer, notes, discount and validity, and its items (each priced when it is added)
// with their line discounts.

export interface QuotePatch {
  /** The whole customer: a field null or empty is not kept. */
  customer?: { [K in keyof QuoteCustomer]?: string | null | undefined } | undefined;
  /** null or empty: none. */
  notes?: string | null | undefined;
  discount?: QuoteDiscount | null | undefined;
  validUntil?: string | undefined;
}

/** Edits a draft's customer, notes, discount or validity. */
export function updateQuote(call: QuoteCall, id: string, patch: QuotePatch) {
  return change(call, id, 'edit', () => {
    const set: Change['set'] = {};
    if (patch.customer !== undefined) {
      set.customer = Object.fromEntries(Object.entries(patch.customer).filter(([, v]) => v)) as QuoteCustomer;
    }
    if (patch.notes !== undefined) set.notes = patch.notes || null;
    if (patch.discount !== undefined) set.discount = patch.discount;
    if (patch.validUntil !== undefined) {
      set.validUntil = endOfDay(patch.validUntil);
      checkValidUntil(set.validUntil, Date.now());
    }
    return {
      action: 'updated',
      details: { fields: Object.keys(patch).filter((k) => patch[k as keyof QuotePatch] !== undefined) },
      set,
    };
  });
}

function itemOf(loaded: LoadedQuote, itemId: string): number {
  const index = loaded.items.findIndex((i) => i.id === itemId);
  if (index < 0) throw new ApiError('NOT_FOUND', `Quote ${loaded.quote.number} has no item '${itemId}'`);
  return index;
}

/**
 * An item priced for a quote, before the change that adds or replaces it: pricing depends only on the quote's
 * language, currency, market and group, which never change, and on the list version it is pinned to, which only a
 * re-price moves (the change checks it is still the one priced with), so a change computed again after a conflict
 * does not price again. Priced with the list in force: when that is no longer the list version the quote's items
 * were priced with, 409 until the quote is re-priced, so a quote's items always come from one list version.
 */
async function pricedFor(call: QuoteCall, id: string, input: ItemInput, position?: (q: LoadedQuote) => number) {
  const { env, storeId, actor, ifMatch } = call;
  const read = await getQuote(env, storeId, id);
  if (ifMatch !== undefined && read.quote.version !== ifMatch) throw stale(read.quote.number, read.quote.version);
  transition(read.quote, read.status, 'edit', actor);
  const pricing = await pinnedPricing(env, storeId, read.quote);
  const at = position ? position(read) : read.items.length;
  const [priced] = await priceAll(env, storeId, [input], read.quote.language, read.quote.currency, pricing, [at]);
  // After pricing: the list version the item's amounts came from (src/markets/resolve.ts, `settle`).
  const list = pinned(pricing);
  if (list.priceList !== read.quote.priceList || list.priceListVersion !== read.quote.priceListVersion) {
    throw listMoved(read.quote, list);
  }
  return { priced: priced!, read };
}

/** A change computed again after a re-price got in first: the item was priced with the list version it replaced. */
function samePin(q: LoadedQuote, read: LoadedQuote): void {
  if (q.quote.priceList !== read.quote.priceList || q.quote.priceListVersion !== read.quote.priceListVersion) {
    throw listMoved(read.quote, { priceList: q.quote.priceList, priceListVersion: q.quote.priceListVersion });
  }
}

/** The quote's items were priced with another list version than the one in force: 409, re-price first. */
function listMoved(q: LoadedQuote['quote'], now: Pick<ReturnType<typeof pinned>, 'priceList' | 'priceListVersion'>): ApiError {
  const was = q.priceList ? `price list '${q.priceList}' version ${q.priceListVersion}` : "the model's prices";
  const is = now.priceList ? `price list '${now.priceList}' version ${now.priceListVersion}` : "the model's prices";
  return new ApiError('CONFLICT', `Quote ${q.number} was priced with ${was}; ${is} is in force now: re-price it first`, {
    details: {
      price_list: q.priceList,
      price_list_version: q.priceListVersion,
      in_force: { price_list: now.priceList, price_list_version: now.priceListVersion },
    },
  });
}

/** Adds a priced item to a draft (at most LIMITS.items); answers the quote and the new item's id. */
export async function addItem(call: QuoteCall, id: string, input: ItemInput) {
  const itemId = crypto.randomUUID();
  const { priced, read } = await pricedFor(call, id, input);
  const loaded = await change(
    call,
    id,
    'edit',
    (q) => {
      samePin(q, read);
      if (q.items.length >= LIMITS.items) {
        throw new ApiError('CONFLICT', `A quote holds at most ${LIMITS.items} items`, { details: { max_items: LIMITS.items } });
      }
      return {
        action: 'item_added',
        details: { item_id: itemId, product_id: input.product_id },
        set: {},
        items: { put: [{ ...priced, id: itemId, discount: null }], remove: [] },
      };
    },
    read,
  );
  return { loaded, itemId };
}

/**
 * Replaces one item of a draft with a newly priced one, keeping its id, position and line discount (an amount
 * above the new price takes off all of it, as the quote's amount discount does of its subtotal).
 */
export async function replaceItem(call: QuoteCall, id: string, itemId: string, input: ItemInput) {
  const { priced, read } = await pricedFor(call, id, input, (q) => itemOf(q, itemId));
  return change(
    call,
    id,
    'edit',
    (q) => {
      samePin(q, read);
      const { discount } = q.items[itemOf(q, itemId)]!;
      const items = { put: [{ ...priced, id: itemId, discount }], remove: [] };
      return { action: 'item_replaced', details: { item_id: itemId, product_id: input.product_id }, set: {}, items };
    },
    read,
  );
}

export function removeItem(call: QuoteCall, id: string, itemId: string) {
  return change(call, id, 'edit', (q) => {
    const index = itemOf(q, itemId);
    return {
      action: 'item_removed',
      details: { item_id: itemId, product_id: q.items[index]!.productId },
      set: {},
      items: { put: [], remove: [itemId] },
    };
  });
}

/**
 * Sets or removes (null) one item's line discount. An amount above the item's price is refused: the price is
 * known here, and a discount meant for another price is a mistake (422).
 */
export function setLineDiscount(call: QuoteCall, id: string, itemId: string, discount: LineDiscount | null) {
  return change(call, id, 'edit', (q) => {
    const item = q.items[itemOf(q, itemId)]!;
    if (discount?.type === 'amount' && minorOf(discount.value, q.quote.minorUnits) > item.totalMinor) {
      const price = majorOf(item.totalMinor, q.quote.minorUnits);
      throw new ApiError('VALIDATION_FAILED', `A line discount of ${discount.value} is more than the item's price ${price}`, {
        details: { item_id: itemId, price },
      });
    }
    return {
      action: 'line_discount_set',
      details: { item_id: itemId, discount },
      set: {},
      items: { put: [{ ...item, discount }], remove: [] },
    };
  });
}

/** A price list's version as a re-price reports it; null: the model's prices. */
type ListRef = { id: string; version: number } | null;

const listOf = (id: string | null, version: number | null): ListRef => (id === null ? null : { id, version: version ?? 0 });

export interface RepricedItem {
  item_id: string;
  product_id: string;
  old_version: number;
  new_version: number | null;
  old_price: number;
  new_price: number | null;
  /** The list version the item was priced with, and the one in force it is re-priced with. */
  old_list: ListRef;
  new_list: ListRef;
  errors: ItemProblem['errors'];
}

/**
 * Moves a draft's items to their products' current versions. Items that no longer price keep their old version
 * and price and are reported with their errors, never dropped; the quote changes only when some item moved.
 */
export async function repriceQuote(call: QuoteCall, id: string) {
  let report: RepricedItem[] = [];
  const loaded = await change(call, id, 'edit', async (q) => {
    const pricing = await pinnedPricing(call.env, call.storeId, q.quote);
    const fresh = await Promise.all(
      q.items.map((i) =>
        priceItem(
          call.env,
          call.storeId,
          { product_id: i.productId, configuration: i.configuration, quantity: i.quantity },
          q.quote.language,
          pricing,
        ),
      ),
    );
    // After pricing: the list version the items' amounts came from (src/markets/resolve.ts, `settle`).
    const list = pinned(pricing);
    const [oldList, newList] = [
      listOf(q.quote.priceList, q.quote.priceListVersion),
      listOf(list.priceList, list.priceListVersion),
    ];
    const put: PutItem[] = [];
    report = q.items.map((old, index) => {
      const r = fresh[index]!;
      const base = {
        item_id: old.id,
        product_id: old.productId,
        old_version: old.productVersion,
        old_price: old.priced.totals.price,
        old_list: oldList,
        new_list: newList,
      };
      if ('errors' in r) return { ...base, new_version: null, new_price: null, errors: r.errors };
      if (r.priced.currency !== q.quote.currency) {
        const message = `Now priced in ${r.priced.currency}; this quote is in ${q.quote.currency}`;
        return {
          ...base,
          new_version: r.productVersion,
          new_price: null,
          errors: [{ code: 'CURRENCY_MISMATCH', message, because: {} }],
        };
      }
      put.push({ ...r, id: old.id, discount: old.discount });
      return { ...base, new_version: r.productVersion, new_price: r.priced.totals.price, errors: [] };
    });
    const changed = report.filter(
      (r) => r.new_version !== null && r.errors.length === 0 && (r.new_version !== r.old_version || r.new_price !== r.old_price),
    );
    return {
      action: 'repriced',
      details: { changed: changed.length, failed: report.filter((r) => r.errors.length > 0).length, price_list: newList },
      // Pinned to the list in force now: the items that priced are its; one that no longer prices is reported.
      set: { priceList: list.priceList, priceListVersion: list.priceListVersion },
      items: { put, remove: [] },
    };
  });
  return { loaded, report };
}
