import { type Database, database, replicaDatabase } from '../../db/client';
import { ApiError } from '../../errors';
import { minorUnits } from '../../lang/check/currencies';
import type { ProductIR } from '../../lang/ir';
import type { PriceBook } from '../../lang/price-book';
import { type PricePoint, pricePoints } from '../../lang/price-points';
import { AmountOutOfRange, effectiveAmounts } from '../../pricing/derive';
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

type Rows = { price_key: string; amount: number }[];

/**
 * The book of a chain for a product. The list's own entries are its amounts as they stand (minor units to major,
 * as src/pricing/derive.ts does for an entry), set straight from the rows read; only the points without one go
 * through the chain (derive.ts). For a list of 50,000 entries that halves the work after the read
 * (bench/price-lists.ts). An entry for a key the product's version no longer declares is left out.
 */
function bookOf(ir: ProductIR, chain: readonly ListSettings[], rows: readonly Rows[]): PriceBook {
  const { points, keys } = pointsOf(ir);
  const scale = 10 ** minorUnits(chain[0]!.currency);
  const amounts = new Map<string, number>();
  for (const r of rows[0]!) if (keys.has(r.price_key)) amounts.set(r.price_key, r.amount / scale);
  if (amounts.size < points.length) {
    const rest = points.filter((p) => !amounts.has(p.key));
    const lists = chain.map((l, i) => ({
      factor: l.factor,
      rounding: l.rounding,
      currency: l.currency,
      entries: i === 0 ? new Map<string, number>() : new Map(rows[i]!.map((r) => [r.price_key, r.amount])),
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

type Read = { versions: Map<string, number>; rows: Rows[] };

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
  return { versions, rows: rows.map((r) => r.results as Rows) };
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
  let found = await read(replicaDatabase(env), storeId, product.id, chain);
  if (!agrees(found, chain)) found = await read(database(env), storeId, product.id, chain);
  const book = bookOf(product.ir, chain, found.rows);
  if (agrees(found, chain)) remember(key, book);
  return book;
}
