import { type Database, storeDatabase, storeReplica } from '../../db/client';
import { ApiError } from '../../errors';
import type { ProductIR } from '../../lang/ir';
import type { PriceBook } from '../../lang/price-book';
import { type PricePoint, pricePoints } from '../../lang/price-points';
import { AmountOutOfRange, priceBook } from '../../pricing/derive';
import type { ListSettings } from './snapshot';

// Price books (src/lang/price-book.ts) of one product in one list chain, kept per isolate. A book is keyed by
// everything it is computed from: the store, the product and its version, and each list of the chain with its
// version. A change bumps the list's version, and the snapshot the request resolved with (src/markets/service/
// snapshot.ts) names the new one within its window, so a stale book is never looked up again, only evicted.

/** Books kept, at most; and price amounts in them, at most (a book of a 50,000-cell matrix weighs about 5 MB). */
const MAX_BOOKS = 512;
const MAX_AMOUNTS = 400_000;
const books = new Map<string, { book: PriceBook; size: number }>();
let amountsHeld = 0;

function remember(key: string, book: PriceBook): void {
  const size = book.amounts.size;
  if (size > MAX_AMOUNTS) return;
  while (books.size > 0 && (books.size >= MAX_BOOKS || amountsHeld + size > MAX_AMOUNTS)) {
    const [oldest, entry] = books.entries().next().value!;
    books.delete(oldest);
    amountsHeld -= entry.size;
  }
  books.set(key, { book, size });
  amountsHeld += size;
}

/** Each model's price points, computed once per IR (a model's IR is held as long as its model, src/products/loaded.ts). */
const pointsOfIr = new WeakMap<ProductIR, PricePoint[]>();
function pointsOf(ir: ProductIR): PricePoint[] {
  let points = pointsOfIr.get(ir);
  if (!points) {
    points = pricePoints(ir);
    pointsOfIr.set(ir, points);
  }
  return points;
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

type Read = { versions: Map<string, number>; entries: Map<string, number>[] };

/**
 * The chain's versions and the product's entries in each list, read in one batch so they agree. Through the D1
 * client under drizzle: a list of 50,000 entries is read as rows once, where drizzle's batch would turn each row
 * into an array and back into an object (bench/price-lists.ts: the rows are most of a book's cost).
 */
async function read(db: Database, storeId: string, productId: string, chain: readonly ListSettings[]): Promise<Read> {
  const client = db.$client;
  const ids = chain.map((l) => l.id);
  const [lists, ...rows] = await client.batch([
    client
      .prepare(`SELECT id, version FROM price_lists WHERE store_id = ? AND id IN (${ids.map(() => '?').join(', ')})`)
      .bind(storeId, ...ids),
    ...ids.map((id) =>
      client
        .prepare('SELECT price_key, amount FROM price_list_entries WHERE store_id = ? AND list_id = ? AND product_id = ?')
        .bind(storeId, id, productId),
    ),
  ]);
  const versions = new Map((lists!.results as { id: string; version: number }[]).map((l) => [l.id, l.version]));
  const entries = rows.map((r) => {
    const map = new Map<string, number>();
    for (const row of r.results as { price_key: string; amount: number }[]) map.set(row.price_key, row.amount);
    return map;
  });
  return { versions, entries };
}

const agrees = (r: Read, chain: readonly ListSettings[]) => chain.every((l) => r.versions.get(l.id) === l.version);

/**
 * The book of `chain` (a list and its bases, nearest first, with the versions the request resolved) for a product
 * version: from this isolate, else computed from D1 (any replica first; the primary when the replica has not seen
 * those versions yet). A book computed from other versions than the chain names (this isolate's snapshot is behind
 * D1) serves the request but is not kept.
 */
export async function loadPriceBook(
  env: Env,
  storeId: string,
  product: { id: string; version: number; ir: ProductIR },
  chain: readonly ListSettings[],
): Promise<PriceBook> {
  const key = [storeId, product.id, product.version, ...chain.map((l) => `${l.id}:${l.version}`)].join('\u0000');
  const hit = books.get(key);
  if (hit) return hit.book;
  let found = await read(await storeReplica(env, storeId), storeId, product.id, chain);
  if (!agrees(found, chain)) found = await read(await storeDatabase(env, storeId), storeId, product.id, chain);
  // A list's own entries cost no exact arithmetic (src/pricing/derive.ts): only what is derived does.
  const lists = chain.map((l, i) => ({
    factor: l.factor,
    rounding: l.rounding,
    currency: l.currency,
    entries: found.entries[i]!,
  }));
  const book = withinRange(() => priceBook(pointsOf(product.ir), lists)!);
  if (agrees(found, chain)) remember(key, book);
  return book;
}
