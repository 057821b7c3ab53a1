import { type Database, storeDatabase, storeReplica } from '../../db/client';
import { ApiError } from '../../errors';
import { minorUnits } from '../../lang/check/currencies';
import type { ProductIR } from '../../lang/ir';
import type { PriceBook } from '../../lang/price-book';
import { type PricePoint, pricePoints } from '../../lang/price-points';
import { AmountOutOfRange, effectiveAmounts, MAX_CHAIN_LENGTH } from '../../pricing/derive';
import type { ListSettings } from './snapshot';

// Price books (src/lang/price-book.ts) of one product in one list chain, kept per isolate. A book is keyed by
// everything it is computed from: the store, the product and its version, and each list of the chain with its
// version. A change bumps the list's version, and the snapshot the request resolved with (src/markets/service/
// snapshot.ts) names the new one within its window, so a stale book is never looked up again, only evicted.

/** Books kept, at most; and price amounts in them, at most (a book of a 50,000-cell matrix weighs about 5 MB). */
const MAX_BOOKS = 512;
const MAX_AMOUNTS = 400_000;
const books = new Map<string, { book: ReadBook; size: number }>();
let amountsHeld = 0;

function remember(key: string, book: ReadBook): void {
  const size = book.book.amounts.size;
  if (size > MAX_AMOUNTS) return;
  while (books.size > 0 && (books.size >= MAX_BOOKS || amountsHeld + size > MAX_AMOUNTS)) {
    const [oldest, entry] = books.entries().next().value!;
    books.delete(oldest);
    amountsHeld -= entry.size;
  }
  books.set(key, { book, size });
  amountsHeld += size;
}

/** Each model's price points and their keys, computed once per IR (an IR is held as long as its model, src/products/loaded.ts). */
const pointsOfIr = new WeakMap<ProductIR, { points: PricePoint[]; keys: Set<string> }>();
function pointsOf(ir: ProductIR): { points: PricePoint[]; keys: Set<string> } {
  let found = pointsOfIr.get(ir);
  if (!found) {
    const points = pricePoints(ir);
    found = { points, keys: new Set(points.map((p) => p.key)) };
    pointsOfIr.set(ir, found);
  }
  return found;
}

/** A list's entries for the product: price key → amount in minor units. */
type Entries = Map<string, number>;

/**
 * The book of a chain for a product. The list's own entries are its amounts as they stand (minor units to major,
 * as src/pricing/derive.ts does for an entry), set straight from the rows read; only the points without one go
 * through the chain (derive.ts). For a list of 50,000 entries that halves the work after the read
 * (bench/price-lists.ts). An entry for a key the product's version no longer declares is left out.
 */
function bookOf(ir: ProductIR, chain: readonly ListSettings[], rows: readonly Entries[]): PriceBook {
  const { points, keys } = pointsOf(ir);
  const scale = 10 ** minorUnits(chain[0]!.currency);
  const amounts = new Map<string, number>();
  for (const [key, amount] of rows[0]!) if (keys.has(key)) amounts.set(key, amount / scale);
  if (amounts.size < points.length) {
    const rest = points.filter((p) => !amounts.has(p.key));
    const lists = chain.map((l, i) => ({
      factor: l.factor,
      rounding: l.rounding,
      currency: l.currency,
      entries: i === 0 ? new Map<string, number>() : rows[i]!,
    }));
    for (const [key, amount] of withinRange(() => effectiveAmounts(rest, lists)).amounts) amounts.set(key, amount);
  }
  return { currency: chain[0]!.currency, amounts };
}

/** `derive()`, with a derived amount pushed past 10^12 by the chain's factors answered as a 409 naming its key. */
export function withinRange<T>(derive: () => T): T {
  try {
    return derive();
  } catch (err) {
    if (!(err instanceof AmountOutOfRange)) throw err;
    throw new ApiError(
      'CONFLICT',
      `The price list's factors take '${err.key.slice(0, 80)}' past 10^12; lower a factor or set an entry`,
      {
        details: { price: err.key },
      },
    );
  }
}

type Read = { lists: Map<string, ListSettings>; rows: Map<string, Entries> };

const SETTINGS =
  'SELECT id, name, currency, valid_from AS validFrom, valid_to AS validTo, base, factor, rounding, version FROM price_lists';

/**
 * The settings of lists `ids` and the product's entries in each, read in one batch so they agree. Each list's entries
 * come from its pack (migrations/0023_price_list_packs.sql) when the pack is valid for the list's version, one value
 * instead of a row per entry; else from its rows, which the batch reads only for a list without such a pack. Through
 * the D1 client under drizzle: a list of 50,000 entries is read once (bench/price-lists.ts: the read is most of a
 * book's cost).
 */
async function read(db: Database, storeId: string, productId: string, ids: readonly string[]): Promise<Read> {
  const client = db.$client;
  const among = ids.map(() => '?').join(', ');
  const [lists, packs, ...rows] = await client.batch([
    client.prepare(`${SETTINGS} WHERE store_id = ? AND id IN (${among})`).bind(storeId, ...ids),
    client
      .prepare(
        `SELECT list_id, version, data FROM price_list_packs WHERE store_id = ? AND product_id = ? AND list_id IN (${among})`,
      )
      .bind(storeId, productId, ...ids),
    ...ids.map((id) =>
      client
        .prepare(
          `SELECT price_key, amount FROM price_list_entries WHERE store_id = ?1 AND list_id = ?2 AND product_id = ?3
            AND NOT EXISTS (SELECT 1 FROM price_list_packs p JOIN price_lists l ON l.store_id = p.store_id AND l.id = p.list_id
              WHERE p.store_id = ?1 AND p.list_id = ?2 AND p.product_id = ?3 AND l.version = p.version)`,
        )
        .bind(storeId, id, productId),
    ),
  ]);
  const settings = new Map((lists!.results as ListSettings[]).map((l) => [l.id, l]));
  const packed = new Map<string, Entries>();
  for (const p of packs!.results as { list_id: string; version: number; data: string }[]) {
    if (settings.get(p.list_id)?.version === p.version) packed.set(p.list_id, new Map(Object.entries(JSON.parse(p.data))));
  }
  return {
    lists: settings,
    rows: new Map(
      rows.map((r, i) => [
        ids[i]!,
        packed.get(ids[i]!) ??
          new Map((r.results as { price_key: string; amount: number }[]).map((e) => [e.price_key, e.amount])),
      ]),
    ),
  };
}

const agrees = (r: Read, chain: readonly ListSettings[]) => chain.every((l) => r.lists.get(l.id)?.version === l.version);

/** The chain as `r` holds it: from the list, its bases as D1 has them now; null when `r` lacks a list of it. */
function chainIn(r: Read, first: string): ListSettings[] | null {
  const chain: ListSettings[] = [];
  for (let at: string | null = first; at !== null && chain.length < MAX_CHAIN_LENGTH; ) {
    const list = r.lists.get(at);
    if (!list) return null;
    chain.push(list);
    at = list.base;
  }
  return chain;
}

/** A book and the lists it was computed from, with their versions: what an answer names and a quote pins. */
export interface ReadBook {
  book: PriceBook;
  chain: readonly ListSettings[];
}

/**
 * The book of `chain` (a list and its bases, nearest first, with the versions the request resolved) for a product
 * version: from this isolate, else computed from D1 (any replica first; the primary when the replica holds other
 * versions). This isolate's snapshot may lag D1 by its window: then the book is computed from the settings and
 * entries D1 holds, and says so in `chain`, so an answer never names one version and serves another's amounts. It is
 * kept under both keys: D1's versions only grow, so a request still resolving the older ones gets the newer book,
 * labelled as such, without reading D1 again.
 */
export async function loadPriceBook(
  env: Env,
  storeId: string,
  product: { id: string; version: number; ir: ProductIR },
  chain: readonly ListSettings[],
): Promise<ReadBook> {
  const keyOf = (lists: readonly ListSettings[]) =>
    [storeId, product.id, product.version, ...lists.map((l) => `${l.id}:${l.version}`)].join('\u0000');
  const asked = keyOf(chain);
  const hit = books.get(asked);
  if (hit) return hit.book;
  const ids = chain.map((l) => l.id);
  let found = await read(await storeReplica(env, storeId), storeId, product.id, ids);
  let served: readonly ListSettings[] | null = agrees(found, chain) ? chain : null;
  if (!served) {
    const primary = await storeDatabase(env, storeId);
    found = await read(primary, storeId, product.id, ids);
    served = chainIn(found, chain[0]!.id);
    // The list's bases changed since the snapshot: read the chain D1 holds now, once more.
    if (served === null && found.lists.has(chain[0]!.id)) {
      const walked: string[] = [];
      for (let at: string | null = chain[0]!.id; at !== null && walked.length < MAX_CHAIN_LENGTH; ) {
        walked.push(at);
        at = found.lists.get(at)?.base ?? null;
      }
      found = await read(primary, storeId, product.id, walked);
      served = chainIn(found, chain[0]!.id);
    }
  }
  // The list is gone from D1 (deleted since the snapshot): its entries went with it, priced as the snapshot says.
  const settled = served ?? chain;
  const entries = settled.map((l) => found.rows.get(l.id) ?? new Map<string, number>());
  const priced: ReadBook = { book: bookOf(product.ir, settled, entries), chain: settled };
  if (served) {
    remember(keyOf(served), priced);
    if (served !== chain) remember(asked, priced);
  }
  return priced;
}
