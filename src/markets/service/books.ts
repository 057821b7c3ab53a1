import { and, eq, inArray } from 'drizzle-orm';
import { type Database, database, replicaDatabase } from '../../db/client';
import { priceListEntries, priceLists } from '../../db/schema';
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

type Read = { versions: Map<string, number>; rows: { list: string; price: string; amount: number }[] };

/** The chain's versions and the product's entries in each list, read together so they agree. */
async function read(db: Database, storeId: string, productId: string, ids: string[]): Promise<Read> {
  const [lists, rows] = await db.batch([
    db
      .select({ id: priceLists.id, version: priceLists.version })
      .from(priceLists)
      .where(and(eq(priceLists.storeId, storeId), inArray(priceLists.id, ids))),
    db
      .select({ list: priceListEntries.listId, price: priceListEntries.priceKey, amount: priceListEntries.amount })
      .from(priceListEntries)
      .where(
        and(
          eq(priceListEntries.storeId, storeId),
          inArray(priceListEntries.listId, ids),
          eq(priceListEntries.productId, productId),
        ),
      ),
  ]);
  return { versions: new Map(lists.map((l) => [l.id, l.version])), rows };
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
  const ids = chain.map((l) => l.id);
  let found = await read(replicaDatabase(env), storeId, product.id, ids);
  if (!agrees(found, chain)) found = await read(database(env), storeId, product.id, ids);
  const entries = chain.map(() => new Map<string, number>());
  const at = new Map(chain.map((l, i) => [l.id, i]));
  for (const r of found.rows) entries[at.get(r.list)!]!.set(r.price, r.amount);
  // A list's own entries cost no exact arithmetic (src/pricing/derive.ts): only what is derived does.
  const lists = chain.map((l, i) => ({ factor: l.factor, rounding: l.rounding, currency: l.currency, entries: entries[i]! }));
  const book = withinRange(() => priceBook(pointsOf(product.ir), lists)!);
  if (agrees(found, chain)) remember(key, book);
  return book;
}
