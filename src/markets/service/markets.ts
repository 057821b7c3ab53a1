import { and, asc, count, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { MARKET_LIMITS, RETAIL } from '../../api/admin/markets';
import { storeDatabase } from '../../db/client';
import { apiKeys, customerGroups, marketPriceLists, markets, priceLists, quotes } from '../../db/schema';
import { ApiError } from '../../errors';
import { getStoreProfile } from '../../store-profiles/service';
import { getStore } from '../../stores/service';
import { publishSnapshot } from './snapshot';

// A store's markets (migrations/0018_markets.sql): currency, countries, language, tax, the lists each customer
// group prices with, and exactly one default once any exists. A store without markets prices as before they were.

export type MarketRow = typeof markets.$inferSelect;
export type Assignment = { group: string; list: string };
export interface MarketView extends MarketRow {
  lists: Assignment[];
}

export interface MarketInput {
  name: string;
  currency: string;
  countries: string[];
  language: string | null;
  /** undefined: the store profile's tax for the store's first market, else none. */
  tax?: { rateBp: number; prices: 'net' | 'gross' } | null | undefined;
  lists: Assignment[];
  /** undefined: unchanged (a new store's first market is the default whatever it says). */
  isDefault?: boolean | undefined;
}

const noMarket = (id: string) => new ApiError('NOT_FOUND', `Market '${id}' not found`, { details: { field: 'market' } });
const marketKey = (storeId: string, id: string) => and(eq(markets.storeId, storeId), eq(markets.id, id));

function withLists(rows: MarketRow[], assignments: (typeof marketPriceLists.$inferSelect)[]): MarketView[] {
  return rows.map((m) => ({
    ...m,
    lists: assignments.filter((a) => a.marketId === m.id).map((a) => ({ group: a.groupId, list: a.listId })),
  }));
}

export async function listMarkets(env: Env, storeId: string): Promise<MarketView[]> {
  await getStore(env, storeId);
  const db = await storeDatabase(env, storeId);
  const [rows, assignments] = await db.batch([
    db.select().from(markets).where(eq(markets.storeId, storeId)).orderBy(asc(markets.id)),
    db
      .select()
      .from(marketPriceLists)
      .where(eq(marketPriceLists.storeId, storeId))
      .orderBy(asc(marketPriceLists.groupId), asc(marketPriceLists.listId)),
  ]);
  return withLists(rows, assignments);
}

export async function getMarket(env: Env, storeId: string, id: string): Promise<MarketView> {
  await getStore(env, storeId);
  const db = await storeDatabase(env, storeId);
  const [rows, assignments] = await db.batch([
    db.select().from(markets).where(marketKey(storeId, id)),
    db
      .select()
      .from(marketPriceLists)
      .where(and(eq(marketPriceLists.storeId, storeId), eq(marketPriceLists.marketId, id)))
      .orderBy(asc(marketPriceLists.groupId), asc(marketPriceLists.listId)),
  ]);
  const [row] = rows;
  if (!row) throw noMarket(id);
  return withLists([row], assignments)[0]!;
}

/** 400 naming the assignment whose group or list is unknown, or whose list is in another currency. */
async function checkAssignments(env: Env, storeId: string, currency: string, lists: Assignment[]): Promise<Assignment[]> {
  const unique = [...new Map(lists.map((a) => [`${a.group}\u0000${a.list}`, a])).values()];
  if (unique.length === 0) return unique;
  const db = await storeDatabase(env, storeId);
  const [groups, found] = await db.batch([
    db
      .select({ id: customerGroups.id })
      .from(customerGroups)
      .where(and(eq(customerGroups.storeId, storeId), inArray(customerGroups.id, [...new Set(unique.map((a) => a.group))]))),
    db
      .select({ id: priceLists.id, currency: priceLists.currency })
      .from(priceLists)
      .where(and(eq(priceLists.storeId, storeId), inArray(priceLists.id, [...new Set(unique.map((a) => a.list))]))),
  ]);
  const groupIds = new Set([RETAIL, ...groups.map((g) => g.id)]);
  const currencies = new Map(found.map((l) => [l.id, l.currency]));
  lists.forEach((a, i) => {
    const bad = (field: string, message: string) =>
      new ApiError('BAD_REQUEST', message, {
        errors: [{ field: `price_lists.${i}.${field}`, code: 'INVALID_VALUE', message, location: 'body' }],
      });
    if (!groupIds.has(a.group)) throw bad('group', `Customer group '${a.group}' not found`);
    const listCurrency = currencies.get(a.list);
    if (listCurrency === undefined) throw bad('list', `Price list '${a.list}' not found`);
    if (listCurrency !== currency) {
      throw bad('list', `Price list '${a.list}' is in ${listCurrency}; this market prices in ${currency}`);
    }
  });
  return unique;
}

function assignmentRows(storeId: string, marketId: string, lists: Assignment[]) {
  return lists.map((a) => ({ storeId, marketId, groupId: a.group, listId: a.list }));
}

export async function createMarket(env: Env, storeId: string, id: string, input: MarketInput): Promise<MarketView> {
  await getStore(env, storeId);
  const db = await storeDatabase(env, storeId);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(markets).where(eq(markets.storeId, storeId));
  if (n >= MARKET_LIMITS.markets) {
    throw new ApiError('CONFLICT', `Store '${storeId}' has ${MARKET_LIMITS.markets} markets, the most it may have`, {
      details: { max: MARKET_LIMITS.markets },
    });
  }
  const lists = await checkAssignments(env, storeId, input.currency, input.lists);
  const first = n === 0;
  let tax = input.tax;
  if (tax === undefined && first) {
    // The store profile's tax becomes the first market's: a store moving to markets keeps its documents' tax.
    const profile = await getStoreProfile(env, storeId);
    tax = profile.taxRateBp === null ? null : { rateBp: profile.taxRateBp, prices: profile.prices };
  }
  const isDefault = first || input.isDefault === true;
  const now = Date.now();
  const row: MarketRow = {
    storeId,
    id,
    name: input.name,
    currency: input.currency,
    countries: [...new Set(input.countries)],
    language: input.language,
    taxRateBp: tax?.rateBp ?? null,
    taxPrices: tax?.prices ?? 'net',
    isDefault,
    createdAt: now,
    updatedAt: now,
  };
  const exists = await db.select({ id: markets.id }).from(markets).where(marketKey(storeId, id)).get();
  if (exists) throw new ApiError('CONFLICT', `Market '${id}' already exists`);
  try {
    await db.batch([
      // The insert after it fails on a taken id, and the batch with it: the default moves only with a new market.
      db
        .update(markets)
        .set({ isDefault: false })
        .where(and(eq(markets.storeId, storeId), eq(markets.isDefault, true), sql`${isDefault ? 1 : 0} = 1`)),
      db.insert(markets).values(row),
      ...(lists.length > 0 ? [db.insert(marketPriceLists).values(assignmentRows(storeId, id, lists))] : []),
    ]);
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw new ApiError('CONFLICT', `Market '${id}' already exists`);
    throw err;
  }
  await publishSnapshot(env, storeId);
  return { ...row, lists };
}

/** Replaces the market's settings (its id stays); the default moves here when asked, never away by itself. */
export async function updateMarket(env: Env, storeId: string, id: string, input: MarketInput): Promise<MarketView> {
  const current = await getMarket(env, storeId, id);
  if (current.isDefault && input.isDefault === false) {
    throw new ApiError('CONFLICT', `Market '${id}' is the store's default: make another market the default instead`);
  }
  const lists = await checkAssignments(env, storeId, input.currency, input.lists);
  const isDefault = current.isDefault || input.isDefault === true;
  const tax = input.tax ?? null;
  const now = Date.now();
  const db = await storeDatabase(env, storeId);
  const set = {
    name: input.name,
    currency: input.currency,
    countries: [...new Set(input.countries)],
    language: input.language,
    taxRateBp: tax?.rateBp ?? null,
    taxPrices: tax?.prices ?? ('net' as const),
    isDefault,
    updatedAt: now,
  };
  await db.batch([
    db
      .update(markets)
      .set({ isDefault: false })
      .where(and(eq(markets.storeId, storeId), eq(markets.isDefault, true), sql`${isDefault && !current.isDefault ? 1 : 0} = 1`)),
    db.update(markets).set(set).where(marketKey(storeId, id)),
    db.delete(marketPriceLists).where(and(eq(marketPriceLists.storeId, storeId), eq(marketPriceLists.marketId, id))),
    ...(lists.length > 0 ? [db.insert(marketPriceLists).values(assignmentRows(storeId, id, lists))] : []),
  ]);
  await publishSnapshot(env, storeId);
  return { ...current, ...set, lists };
}

/** CONFLICT while a key (not revoked) is limited to it, or while it is the default and other markets exist. */
export async function deleteMarket(env: Env, storeId: string, id: string): Promise<void> {
  const current = await getMarket(env, storeId, id);
  const db = await storeDatabase(env, storeId);
  // Quotes keep the market they were priced in (re-pricing, editing and cloning resolve it), whatever their status.
  const pinning = and(eq(quotes.storeId, storeId), eq(quotes.market, id));
  const [keys, others, quoteCount] = await db.batch([
    db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.storeId, storeId),
          isNull(apiKeys.revokedAt),
          sql`EXISTS (SELECT 1 FROM json_each(${apiKeys.markets}) WHERE value = ${id})`,
        ),
      )
      .limit(5),
    db.select({ n: count() }).from(markets).where(eq(markets.storeId, storeId)),
    db.select({ n: count() }).from(quotes).where(pinning),
  ]);
  const pinned = quoteCount[0]?.n ?? 0;
  if (pinned > 0) {
    throw new ApiError(
      'CONFLICT',
      `Market '${id}' is in use: ${pinned} quote${pinned === 1 ? ' is' : 's are'} priced in it, and re-price, edit and clone it`,
      { details: { quotes: pinned } },
    );
  }
  if (keys.length > 0) {
    throw new ApiError('CONFLICT', `Market '${id}' is in use: API keys are limited to it; revoke them first`, {
      details: { api_keys: keys.map((k) => k.id) },
    });
  }
  if (current.isDefault && (others[0]?.n ?? 0) > 1) {
    throw new ApiError('CONFLICT', `Market '${id}' is the store's default: make another market the default first`);
  }
  // A quote created in the market since the check keeps it: neither statement runs then.
  const unpinned = notExists(db.select({ id: quotes.id }).from(quotes).where(pinning));
  const [, deleted] = await db.batch([
    db.delete(marketPriceLists).where(and(eq(marketPriceLists.storeId, storeId), eq(marketPriceLists.marketId, id), unpinned)),
    db
      .delete(markets)
      .where(and(marketKey(storeId, id), unpinned))
      .returning({ id: markets.id }),
  ]);
  if (deleted.length === 0) {
    await getMarket(env, storeId, id); // 404 when another request deleted it
    throw new ApiError('CONFLICT', `Market '${id}' is in use: a quote was priced in it meanwhile`, { details: { quotes: 1 } });
  }
  await publishSnapshot(env, storeId);
}

/**
 * What an API key may be bound to: NOT_FOUND-free 400s naming the field when the group or a market does not
 * exist. Returns the markets without repeats.
 */
export async function checkKeyBinding(
  env: Env,
  storeId: string,
  group: string | null,
  limits: string[] | null,
): Promise<string[] | null> {
  const db = await storeDatabase(env, storeId);
  const bad = (field: string, message: string) =>
    new ApiError('BAD_REQUEST', message, { errors: [{ field, code: 'INVALID_VALUE', message, location: 'body' }] });
  if (group !== null && group !== RETAIL) {
    const found = await db
      .select({ id: customerGroups.id })
      .from(customerGroups)
      .where(and(eq(customerGroups.storeId, storeId), eq(customerGroups.id, group)))
      .get();
    if (!found) throw bad('customer_group', `Customer group '${group}' not found`);
  }
  if (limits === null) return null;
  const unique = [...new Set(limits)];
  const found =
    unique.length === 0
      ? []
      : await db
          .select({ id: markets.id })
          .from(markets)
          .where(and(eq(markets.storeId, storeId), inArray(markets.id, unique)));
  const known = new Set(found.map((m) => m.id));
  const missing = unique.findIndex((m) => !known.has(m));
  if (missing >= 0) throw bad(`markets.${limits.indexOf(unique[missing]!)}`, `Market '${unique[missing]}' not found`);
  return unique;
}
