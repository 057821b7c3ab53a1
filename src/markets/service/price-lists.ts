import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import { PRICE_LIST_LIMITS } from '../../api/admin/price-lists';
import { storeDatabase } from '../../db/client';
import {
  marketPriceLists,
  type PriceListChangeSummary,
  priceListChanges,
  priceListEntries,
  priceListPacks,
  priceLists,
} from '../../db/schema';
import { ApiError } from '../../errors';
import { MAX_CHAIN_LENGTH, parseFactor } from '../../pricing/derive';
import { parseRounding } from '../../pricing/rounding';
import { getStore } from '../../stores/service';
import { bumpPacks } from './packs';
import { publishSnapshot } from './snapshot';

// A store's price lists' settings and their history (migrations/0018_markets.sql); their entries are in entries.ts.
// Every change bumps the list's version and writes that version's change row in the same batch: the row's primary
// key makes a second writer of the same version fail whole (409), so nothing is half-applied and no edit is lost.

export type PriceListRow = typeof priceLists.$inferSelect;
export type PriceListView = PriceListRow & { entries: number };
export type ChangeRow = typeof priceListChanges.$inferSelect;

export interface ListSettingsInput {
  name: string;
  currency: string;
  validFrom: string | null;
  validTo: string | null;
  base: string | null;
  factor: string;
  rounding: string;
}

export const noList = (id: string) =>
  new ApiError('NOT_FOUND', `Price list '${id}' not found`, { details: { field: 'price_list' } });
export const listKey = (storeId: string, id: string) => and(eq(priceLists.storeId, storeId), eq(priceLists.id, id));
const entriesOf = (storeId: string, id: string) => and(eq(priceListEntries.storeId, storeId), eq(priceListEntries.listId, id));

export const staleVersion = (id: string, current: number) =>
  new ApiError('CONFLICT', `Price list '${id}' changed meanwhile: it is at version ${current}; reload and edit again`, {
    details: { version: current },
  });

/** True for the error D1 answers when a batch's change row found its version taken: another writer was first. */
export const isVersionTaken = (err: unknown) => String(err).includes('UNIQUE') && String(err).includes('price_list_changes');

const bodyError = (field: string, message: string) =>
  new ApiError('BAD_REQUEST', message, { errors: [{ field, code: 'INVALID_VALUE', message, location: 'body' }] });

export async function listPriceLists(env: Env, storeId: string): Promise<PriceListView[]> {
  await getStore(env, storeId);
  const db = await storeDatabase(env, storeId);
  const [rows, counts] = await db.batch([
    db.select().from(priceLists).where(eq(priceLists.storeId, storeId)).orderBy(asc(priceLists.id)),
    db
      .select({ list: priceListEntries.listId, n: count() })
      .from(priceListEntries)
      .where(eq(priceListEntries.storeId, storeId))
      .groupBy(priceListEntries.listId),
  ]);
  const n = new Map(counts.map((c) => [c.list, c.n]));
  return rows.map((r) => ({ ...r, entries: n.get(r.id) ?? 0 }));
}

export async function getPriceList(env: Env, storeId: string, id: string): Promise<PriceListView> {
  await getStore(env, storeId);
  const db = await storeDatabase(env, storeId);
  const [rows, counts] = await db.batch([
    db.select().from(priceLists).where(listKey(storeId, id)),
    db.select({ n: count() }).from(priceListEntries).where(entriesOf(storeId, id)),
  ]);
  const [row] = rows;
  if (!row) throw noList(id);
  return { ...row, entries: counts[0]?.n ?? 0 };
}

/** 400 naming the field when the settings cannot price: dates out of order, a step finer than the currency, a bad base. */
async function checkSettings(env: Env, storeId: string, id: string, input: ListSettingsInput): Promise<void> {
  if (input.validFrom !== null && input.validTo !== null && input.validFrom >= input.validTo) {
    throw bodyError('valid_to', 'valid_to must be after valid_from (a list is in force on days valid_from ≤ d < valid_to)');
  }
  if (!parseFactor(input.factor)) {
    throw bodyError('factor', `'${input.factor}' is not a factor: a decimal string greater than 0 such as "0.7" or "1.08"`);
  }
  const rounding = parseRounding(input.rounding, input.currency);
  if (!rounding.ok) throw bodyError('rounding', rounding.message);
  if (input.base === null) return;
  // Walk the bases: each must exist, the chain must not come back to this list, and at most `depth` bases deep.
  const all = await (await storeDatabase(env, storeId))
    .select({ id: priceLists.id, base: priceLists.base })
    .from(priceLists)
    .where(eq(priceLists.storeId, storeId));
  const bases = new Map(all.map((l) => [l.id, l.base]));
  let at: string | null = input.base;
  for (let depth = 1; at !== null; depth += 1) {
    if (at === id) throw bodyError('base', `Price list '${input.base}' derives from '${id}': a cycle`);
    if (!bases.has(at)) throw bodyError('base', `Price list '${at}' not found`);
    if (depth >= MAX_CHAIN_LENGTH) {
      throw bodyError('base', `A list derives through at most ${MAX_CHAIN_LENGTH - 1} bases`);
    }
    at = bases.get(at) ?? null;
  }
}

function changeRow(storeId: string, listId: string, version: number, actor: string, summary: PriceListChangeSummary): ChangeRow {
  return { storeId, listId, version, at: Date.now(), actor, summary };
}

export async function createPriceList(
  env: Env,
  storeId: string,
  id: string,
  input: ListSettingsInput,
  actor: string,
): Promise<PriceListView> {
  await getStore(env, storeId);
  const db = await storeDatabase(env, storeId);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(priceLists).where(eq(priceLists.storeId, storeId));
  if (n >= PRICE_LIST_LIMITS.lists) {
    throw new ApiError('CONFLICT', `Store '${storeId}' has ${PRICE_LIST_LIMITS.lists} price lists, the most it may have`, {
      details: { max: PRICE_LIST_LIMITS.lists },
    });
  }
  await checkSettings(env, storeId, id, input);
  const now = Date.now();
  const row: PriceListRow = { storeId, id, ...input, version: 1, createdAt: now, updatedAt: now };
  const created = changeRow(storeId, id, 1, actor, { kind: 'created', added: 0, changed: 0, removed: 0, rows: [] });
  try {
    await db.batch([
      db.insert(priceLists).values(row),
      // A list of this id deleted earlier leaves no history behind (deletePriceList), so version 1 is free.
      db.insert(priceListChanges).values(created),
    ]);
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw new ApiError('CONFLICT', `Price list '${id}' already exists`);
    throw err;
  }
  await publishSnapshot(env, storeId);
  return { ...row, entries: 0 };
}

const SETTINGS: (keyof ListSettingsInput)[] = ['name', 'currency', 'validFrom', 'validTo', 'base', 'factor', 'rounding'];
const WIRE: Record<keyof ListSettingsInput, string> = {
  name: 'name',
  currency: 'currency',
  validFrom: 'valid_from',
  validTo: 'valid_to',
  base: 'base',
  factor: 'factor',
  rounding: 'rounding',
};

/**
 * Replaces the list's settings; a new version when anything changed. `expected` (the version the edit was made on)
 * makes a stale edit 409. The currency is fixed once the list has entries or a market uses it.
 */
export async function updatePriceList(
  env: Env,
  storeId: string,
  id: string,
  input: ListSettingsInput,
  expected: number | undefined,
  actor: string,
): Promise<PriceListView> {
  const current = await getPriceList(env, storeId, id);
  if (expected !== undefined && expected !== current.version) throw staleVersion(id, current.version);
  const fields = SETTINGS.filter((k) => current[k] !== input[k]);
  if (fields.length === 0) return current;
  const db = await storeDatabase(env, storeId);
  if (input.currency !== current.currency) {
    const used = await db
      .select({ m: marketPriceLists.marketId })
      .from(marketPriceLists)
      .where(and(eq(marketPriceLists.storeId, storeId), eq(marketPriceLists.listId, id)))
      .limit(1);
    if (current.entries > 0 || used.length > 0) {
      throw new ApiError(
        'CONFLICT',
        `Price list '${id}' has entries or markets in ${current.currency}; make a new list for ${input.currency}`,
      );
    }
  }
  await checkSettings(env, storeId, id, input);
  const version = current.version + 1;
  const summary: PriceListChangeSummary = {
    kind: 'settings',
    fields: fields.map((f) => WIRE[f]),
    added: 0,
    changed: 0,
    removed: 0,
    rows: [],
  };
  try {
    await db.batch([
      db
        .update(priceLists)
        .set({ ...input, version, updatedAt: Date.now() })
        .where(and(listKey(storeId, id), eq(priceLists.version, current.version))),
      db.insert(priceListChanges).values(changeRow(storeId, id, version, actor, summary)),
      bumpPacks(
        db,
        storeId,
        id,
        current.version,
        version,
        sql`EXISTS (SELECT 1 FROM price_lists WHERE store_id = ${storeId} AND id = ${id} AND version = ${version})`,
      ),
    ]);
  } catch (err) {
    if (isVersionTaken(err)) throw staleVersion(id, (await getPriceList(env, storeId, id)).version);
    throw err;
  }
  await publishSnapshot(env, storeId);
  return { ...current, ...input, version, updatedAt: Date.now() };
}

/** CONFLICT while a market uses the list or another list derives from it; its entries and history go with it. */
export async function deletePriceList(env: Env, storeId: string, id: string): Promise<void> {
  await getPriceList(env, storeId, id);
  const db = await storeDatabase(env, storeId);
  const [markets, derived] = await db.batch([
    db
      .select({ m: marketPriceLists.marketId })
      .from(marketPriceLists)
      .where(and(eq(marketPriceLists.storeId, storeId), eq(marketPriceLists.listId, id))),
    db
      .select({ id: priceLists.id })
      .from(priceLists)
      .where(and(eq(priceLists.storeId, storeId), eq(priceLists.base, id))),
  ]);
  if (markets.length > 0 || derived.length > 0) {
    throw new ApiError(
      'CONFLICT',
      `Price list '${id}' is in use: remove it from its markets and the lists derived from it first`,
      {
        details: { markets: [...new Set(markets.map((m) => m.m))], price_lists: derived.map((d) => d.id) },
      },
    );
  }
  await db.batch([
    db.delete(priceListEntries).where(entriesOf(storeId, id)),
    db.delete(priceListPacks).where(and(eq(priceListPacks.storeId, storeId), eq(priceListPacks.listId, id))),
    db.delete(priceListChanges).where(and(eq(priceListChanges.storeId, storeId), eq(priceListChanges.listId, id))),
    db.delete(priceLists).where(listKey(storeId, id)),
  ]);
  await publishSnapshot(env, storeId);
}

/** The list's changes, newest first, a page at a time (`before`: older than that version). */
export async function listHistory(
  env: Env,
  storeId: string,
  id: string,
  page: { before?: number | undefined; limit: number },
): Promise<{ changes: ChangeRow[]; nextBefore: number | null }> {
  await getPriceList(env, storeId, id);
  const rows = await (await storeDatabase(env, storeId))
    .select()
    .from(priceListChanges)
    .where(
      and(
        eq(priceListChanges.storeId, storeId),
        eq(priceListChanges.listId, id),
        page.before === undefined ? undefined : lt(priceListChanges.version, page.before),
      ),
    )
    .orderBy(desc(priceListChanges.version))
    .limit(page.limit + 1);
  const changes = rows.slice(0, page.limit);
  return { changes, nextBefore: rows.length > page.limit ? changes[changes.length - 1]!.version : null };
}
