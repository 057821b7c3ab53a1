// The price book of one product under a price list (docs/api.md, "Priced in a market"): the list's and its bases'
// entries for the product, read in one D1 batch with the lists' versions, and their effective amounts
// (src/pricing/derive.ts). Read from the primary: the snapshot names the versions, and a replica behind it would
// give a new version's key an old version's amounts.
import { and, eq, inArray } from 'drizzle-orm';
import { database } from '../../db/client';
import { priceListEntries, priceLists } from '../../db/schema';
import type { ProductIR } from '../../lang/ir';
import type { PriceBook } from '../../lang/price-book';
import { pricePoints } from '../../lang/price-points';
import { priceBook } from '../../pricing/derive';
import type { ListSettings } from './snapshot';

export interface LoadedBook {
  book: PriceBook;
  /**
   * Whether the lists' versions in D1 are the ones `chain` names: only then may the book be kept under them (a
   * snapshot a second or a minute behind a change reads the change's entries under the old versions).
   */
  exact: boolean;
}

/** The book of `productId` (whose model is `ir`) under `chain`: the list first, then its bases. */
export async function priceBookFor(
  env: Env,
  storeId: string,
  productId: string,
  ir: ProductIR,
  chain: readonly ListSettings[],
): Promise<LoadedBook> {
  const ids = chain.map((l) => l.id);
  const db = database(env);
  const [versions, entries] = await db.batch([
    db
      .select({ id: priceLists.id, version: priceLists.version })
      .from(priceLists)
      .where(and(eq(priceLists.storeId, storeId), inArray(priceLists.id, ids))),
    db
      .select({ listId: priceListEntries.listId, key: priceListEntries.priceKey, amount: priceListEntries.amount })
      .from(priceListEntries)
      .where(
        and(
          eq(priceListEntries.storeId, storeId),
          inArray(priceListEntries.listId, ids),
          eq(priceListEntries.productId, productId),
        ),
      ),
  ]);
  const byList = new Map(ids.map((id) => [id, new Map<string, number>()]));
  for (const e of entries) byList.get(e.listId)?.set(e.key, e.amount);
  const links = chain.map((l) => ({ factor: l.factor, rounding: l.rounding, currency: l.currency, entries: byList.get(l.id)! }));
  const book = priceBook(pricePoints(ir), links) ?? { currency: ir.currency, amounts: new Map() };
  const stored = new Map(versions.map((v) => [v.id, v.version]));
  return { book, exact: chain.every((l) => stored.get(l.id) === l.version) };
}
