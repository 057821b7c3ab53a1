import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceListPacks } from '../../db/schema';

// The statements that keep price_list_packs (migrations/0023_price_list_packs.sql) current, each run in the batch
// of the change it follows, so a pack never names a list version whose entries it does not hold.

/** D1 caps a value near 2 MB: a product whose pack would pass this has none, and its rows are read. */
const MAX_PACK_BYTES = 1_900_000;

const packOf = sql`json_group_object(price_key, amount)`;
const packsOf = (storeId: string, listId: string) => and(eq(priceListPacks.storeId, storeId), eq(priceListPacks.listId, listId));

/**
 * Rebuilds the packs of `products` (a JSON array of ids) in the list from its entries as the batch left them, at
 * `version`; drops those of products left without entries or too large. Written only when `guard` holds.
 */
export function rebuildPacks(db: Database, storeId: string, listId: string, products: string, version: number, guard: SQL) {
  const touched = sql`product_id IN (SELECT value FROM json_each(${products}))`;
  return [
    db
      .insert(priceListPacks)
      .select(
        sql`SELECT store_id, list_id, product_id, ${version}, ${packOf} FROM price_list_entries
          WHERE store_id = ${storeId} AND list_id = ${listId} AND ${touched} AND ${guard}
          GROUP BY product_id HAVING length(CAST(${packOf} AS BLOB)) <= ${MAX_PACK_BYTES}`,
      )
      .onConflictDoUpdate({
        target: [priceListPacks.storeId, priceListPacks.listId, priceListPacks.productId],
        set: { version: sql`excluded.version`, data: sql`excluded.data` },
      }),
    db.delete(priceListPacks).where(and(packsOf(storeId, listId), touched, ne(priceListPacks.version, version), guard)),
  ] as const;
}

/** Moves the list's packs valid for version `from` to `to`, when `guard` holds: their entries did not change. */
export function bumpPacks(db: Database, storeId: string, listId: string, from: number, to: number, guard: SQL) {
  return db
    .update(priceListPacks)
    .set({ version: to })
    .where(and(packsOf(storeId, listId), eq(priceListPacks.version, from), guard));
}
