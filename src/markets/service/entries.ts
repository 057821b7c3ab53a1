import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PRICE_LIST_LIMITS } from '../../api/admin/price-lists';
import { storeDatabase } from '../../db/client';
import { type PriceListChangeSummary, priceListChanges, priceListEntries, priceLists } from '../../db/schema';
import { ApiError } from '../../errors';
import { minorUnits } from '../../lang/check/currencies';
import { type PricePoint, pricePoints } from '../../lang/price-points';
import { formatMinor } from '../../pricing/amount';
import { type AmountSource, type ChainList, effectiveAmounts, MAX_CHAIN_LENGTH } from '../../pricing/derive';
import { type DiffRow, diffEntries, type Entries } from '../../pricing/diff';
import { loadProduct } from '../../products/loaded';
import { withinRange } from './books';
import { bumpPacks, rebuildPacks } from './packs';
import { getPriceList, isVersionTaken, listKey, type PriceListView, staleVersion } from './price-lists';
import { publishSnapshot } from './snapshot';

// A price list's entries (migrations/0018_markets.sql): (product, price point key) → integer minor units. Every
// write (the grid's PATCH, a CSV import) is checked whole first, then applied in one D1 batch with the list's new
// version and its history row, guarded by the version it was made on: all of it or nothing, never a lost edit.

/** One entry to set (value in minor units) or remove (null); `at` says where it came from, for its error. */
export interface EntryWrite {
  product: string;
  price: string;
  value: number | null;
}

/** A row the write refuses: its index in the writes, the column at fault, and why. */
export interface RowProblem {
  index: number;
  column: 'product' | 'price' | 'value';
  message: string;
}

/** Rows per D1 statement: each statement carries its rows as one JSON parameter, well under D1's value limit. */
const ROWS_PER_STATEMENT = 1_000;

/** The price points of a product's current version; null for an unknown product. */
export async function pointsOf(
  env: Env,
  storeId: string,
  productId: string,
): Promise<{ version: number; currency: string; points: PricePoint[] } | null> {
  const loaded = await loadProduct(env, storeId, productId);
  return loaded && { version: loaded.version, currency: loaded.model.ir.currency, points: pricePoints(loaded.model.ir) };
}

/** The problems of the writes' products and price keys: an unknown product, or a key its current version does not declare. */
async function unknownRows(env: Env, storeId: string, writes: readonly EntryWrite[]): Promise<RowProblem[]> {
  const products = [...new Set(writes.map((w) => w.product))];
  if (products.length > PRICE_LIST_LIMITS.productsPerWrite) {
    throw new ApiError(
      'BAD_REQUEST',
      `One write may name at most ${PRICE_LIST_LIMITS.productsPerWrite} products; it names ${products.length}`,
      {
        details: { max: PRICE_LIST_LIMITS.productsPerWrite },
      },
    );
  }
  const keys = new Map<string, Set<string> | null>();
  // One product after another: each may load a model, and a store's isolate keeps them (src/products/loaded.ts).
  for (const product of products) {
    const found = await pointsOf(env, storeId, product);
    keys.set(product, found && new Set(found.points.map((p) => p.key)));
  }
  const problems: RowProblem[] = [];
  writes.forEach((w, index) => {
    const known = keys.get(w.product);
    if (!known) problems.push({ index, column: 'product', message: `Product '${w.product}' not found` });
    else if (!known.has(w.price)) {
      problems.push({
        index,
        column: 'price',
        message: `Product '${w.product}' declares no list price '${w.price.slice(0, 80)}'`,
      });
    }
  });
  return problems;
}

const entriesOf = (storeId: string, listId: string) =>
  and(eq(priceListEntries.storeId, storeId), eq(priceListEntries.listId, listId));

/** The list's entries of some products (all when `products` is undefined), as product → key → minor units. */
export async function readEntries(env: Env, storeId: string, listId: string, products?: readonly string[]): Promise<Entries> {
  const db = await storeDatabase(env, storeId);
  const where = products === undefined ? entriesOf(storeId, listId) : and(entriesOf(storeId, listId), inProducts(products));
  const rows = await db
    .select({ product: priceListEntries.productId, price: priceListEntries.priceKey, amount: priceListEntries.amount })
    .from(priceListEntries)
    .where(where)
    .orderBy(asc(priceListEntries.productId), asc(priceListEntries.priceKey));
  return group(rows);
}

const inProducts = (products: readonly string[]): SQL =>
  sql`${priceListEntries.productId} IN (SELECT value FROM json_each(${JSON.stringify(products)}))`;

export function group(rows: readonly { product: string; price: string; amount: number }[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const prices = out.get(r.product) ?? new Map<string, number>();
    out.set(r.product, prices);
    prices.set(r.price, r.amount);
  }
  return out;
}

/** The diff's rows as the wire and the history write them: decimal strings in the list's currency. */
export const presentRow = (r: DiffRow, digits: number) => ({
  product: r.product,
  price: r.price,
  old: r.from === null ? null : formatMinor(r.from, digits),
  new: r.to === null ? null : formatMinor(r.to, digits),
});

/**
 * Applies the writes to the list made at version `expected`: 409 when the list has moved on, 400 (`reject`) when a
 * row names an unknown product or price key, 409 past the list's cap. Later writes of the same entry win. Answers
 * the new version and the counts.
 */
export async function writeEntries(
  env: Env,
  storeId: string,
  listId: string,
  expected: number,
  writes: readonly EntryWrite[],
  call: { actor: string; kind: 'entries' | 'import'; reject: (problems: RowProblem[]) => ApiError },
): Promise<{ list: PriceListView; added: number; changed: number; removed: number }> {
  const list = await getPriceList(env, storeId, listId);
  if (list.version !== expected) throw staleVersion(listId, list.version);
  const problems = await unknownRows(env, storeId, writes);
  if (problems.length > 0) throw call.reject(problems);

  const products = [...new Set(writes.map((w) => w.product))];
  const before = await readEntries(env, storeId, listId, products);
  const after = new Map([...before].map(([p, prices]) => [p, new Map(prices)]));
  for (const w of writes) {
    const prices = after.get(w.product) ?? new Map<string, number>();
    after.set(w.product, prices);
    if (w.value === null) prices.delete(w.price);
    else prices.set(w.price, w.value);
  }
  const rows = diffEntries(before, after);
  const added = rows.filter((r) => r.change === 'added').length;
  const removed = rows.filter((r) => r.change === 'removed').length;
  if (list.entries + added - removed > PRICE_LIST_LIMITS.entries) {
    throw new ApiError('CONFLICT', `Price list '${listId}' would hold more than ${PRICE_LIST_LIMITS.entries} entries`, {
      details: { max: PRICE_LIST_LIMITS.entries, entries: list.entries },
    });
  }
  const digits = minorUnits(list.currency);
  const version = expected + 1;
  const summary: PriceListChangeSummary = {
    kind: call.kind,
    added,
    changed: rows.length - added - removed,
    removed,
    rows: rows.slice(0, PRICE_LIST_LIMITS.historyRows).map((r) => presentRow(r, digits)),
  };
  const sets = rows.filter((r) => r.to !== null).map((r) => [r.product, r.price, r.to]);
  const deletes = rows.filter((r) => r.to === null).map((r) => [r.product, r.price]);
  const db = await storeDatabase(env, storeId);
  const now = Date.now();
  // Every statement after the first runs only if the first moved the list to `version`: a list deleted or moved on
  // meanwhile gets nothing written, and a second writer of the same version collides on the history row.
  const ours = sql`EXISTS (SELECT 1 FROM price_lists WHERE store_id = ${storeId} AND id = ${listId} AND version = ${version})`;
  const chunked = <T>(rows: T[]) => chunks(rows).map((chunk) => JSON.stringify(chunk));
  const statements = [
    db
      .update(priceLists)
      .set({ version, updatedAt: now })
      .where(and(listKey(storeId, listId), eq(priceLists.version, expected))),
    db.insert(priceListChanges).select(
      db
        .select({
          storeId: sql`${storeId}`.as('store_id'),
          listId: sql`${listId}`.as('list_id'),
          version: sql`${version}`.as('version'),
          at: sql`${now}`.as('at'),
          actor: sql`${call.actor}`.as('actor'),
          summary: sql`${JSON.stringify(summary)}`.as('summary'),
        })
        .from(priceLists)
        .where(and(listKey(storeId, listId), eq(priceLists.version, version))),
    ),
    ...chunked(sets).map((json) =>
      db
        .insert(priceListEntries)
        .select(
          sql`SELECT ${storeId}, ${listId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
            FROM json_each(${json}) WHERE ${ours}`,
        )
        .onConflictDoUpdate({
          target: [priceListEntries.storeId, priceListEntries.listId, priceListEntries.productId, priceListEntries.priceKey],
          set: { amount: sql`excluded.amount` },
        }),
    ),
    ...chunked(deletes).map((json) =>
      db
        .delete(priceListEntries)
        .where(
          and(
            entriesOf(storeId, listId),
            ours,
            sql`(${priceListEntries.productId}, ${priceListEntries.priceKey}) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${json}))`,
          ),
        ),
    ),
    ...chunked(products).flatMap((json) => rebuildPacks(db, storeId, listId, json, version, ours)),
    bumpPacks(db, storeId, listId, expected, version, ours),
  ] as const;
  let moved: number;
  try {
    const [update] = await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
    moved = (update as D1Result).meta.changes;
  } catch (err) {
    if (isVersionTaken(err)) throw staleVersion(listId, (await getPriceList(env, storeId, listId)).version);
    throw err;
  }
  if (moved !== 1) throw staleVersion(listId, (await getPriceList(env, storeId, listId)).version);
  await publishSnapshot(env, storeId);
  return {
    list: { ...list, version, entries: list.entries + added - removed, updatedAt: now },
    added,
    changed: summary.changed,
    removed,
  };
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/** The chain of a list for one product: the list and its bases (nearest first), each with that product's entries. */
export async function chainFor(env: Env, storeId: string, list: PriceListView, productId: string): Promise<ChainList[]> {
  const db = await storeDatabase(env, storeId);
  const all = await db.select().from(priceLists).where(eq(priceLists.storeId, storeId));
  const byId = new Map(all.map((l) => [l.id, l]));
  const lists = [list as Pick<PriceListView, 'id' | 'base' | 'factor' | 'rounding' | 'currency'>];
  for (let at = list.base; at !== null && byId.has(at) && lists.length < MAX_CHAIN_LENGTH; at = byId.get(at)!.base)
    lists.push(byId.get(at)!);
  const rows = await db
    .select({ list: priceListEntries.listId, price: priceListEntries.priceKey, amount: priceListEntries.amount })
    .from(priceListEntries)
    .where(
      and(
        eq(priceListEntries.storeId, storeId),
        inArray(
          priceListEntries.listId,
          lists.map((l) => l.id),
        ),
        eq(priceListEntries.productId, productId),
      ),
    );
  return lists.map((l) => ({
    factor: l.factor,
    rounding: l.rounding,
    currency: l.currency,
    entries: new Map(rows.filter((r) => r.list === l.id).map((r) => [r.price, r.amount])),
  }));
}

export interface EntryView {
  price: string;
  label: string;
  model: number;
  value: number | null;
  effective: number;
  source: AmountSource;
}

/** Every price point of the product's current version in the list: the model's number, the entry, the effective amount. */
export async function productEntries(
  env: Env,
  storeId: string,
  listId: string,
  productId: string,
): Promise<{ list: PriceListView; productVersion: number; productCurrency: string; rows: EntryView[] }> {
  const list = await getPriceList(env, storeId, listId);
  const found = await pointsOf(env, storeId, productId);
  if (!found) throw new ApiError('NOT_FOUND', `Product '${productId}' not found`, { details: { field: 'product' } });
  const chain = await chainFor(env, storeId, list, productId);
  const effective = withinRange(() => effectiveAmounts(found.points, chain));
  const own = chain[0]!.entries;
  return {
    list,
    productVersion: found.version,
    productCurrency: found.currency,
    rows: found.points.map((p) => ({
      price: p.key,
      label: p.label,
      model: p.model,
      value: own.get(p.key) ?? null,
      effective: effective.minor.get(p.key)!,
      source: effective.sources.get(p.key)!,
    })),
  };
}
