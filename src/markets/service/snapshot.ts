// What a request needs to know of a store's markets to price: its markets with their list assignments, its
// customer groups and its price lists' settings and versions, mirrored into KV on every change (as a product's
// version pointer is, src/products/pointer.ts) so the request path reads no D1. No record: the store has no markets.
// KV is eventually consistent: other locations see a change within about a minute (docs/api.md, "Markets and price
// lists"); this isolate's own changes drop what it holds at once.
import { asc, eq } from 'drizzle-orm';
import { database } from '../../db/client';
import { customerGroups, marketPriceLists, markets, priceLists } from '../../db/schema';
import { type Clock, realTime } from '../../isolate/clock';

export interface MarketSettings {
  id: string;
  name: string;
  currency: string;
  countries: string[];
  language: string | null;
  taxRateBp: number | null;
  taxPrices: 'net' | 'gross';
  isDefault: boolean;
  lists: { group: string; list: string }[];
}

export interface ListSettings {
  id: string;
  name: string;
  currency: string;
  validFrom: string | null;
  validTo: string | null;
  base: string | null;
  factor: string;
  rounding: string;
  version: number;
}

export interface PricingSnapshot {
  markets: MarketSettings[];
  /** The stored customer groups (retail is not stored). */
  groups: string[];
  lists: Record<string, ListSettings>;
}

const recordName = (storeId: string) => `pricing:${storeId}`;

/** Snapshots this isolate read (null: no markets), held for a second, at most 10,000 stores. */
const held = new Map<string, { snapshot: PricingSnapshot | null; until: number }>();
export const SNAPSHOT_HOLD_MS = 1_000;
/** The hold's time: tests move it on instead of waiting out the second. */
export const snapshotHold: { clock: Pick<Clock, 'now'> } = { clock: realTime };
const HELD_MAX = 10_000;
/** As the pointer's: a read that overlapped this isolate's own publication is not held. */
let publications = 0;

/** The store's snapshot as D1 holds it now; null when it has no markets. */
export async function buildSnapshot(env: Env, storeId: string): Promise<PricingSnapshot | null> {
  const db = database(env);
  const [marketRows, assignments, groupRows, listRows] = await db.batch([
    db.select().from(markets).where(eq(markets.storeId, storeId)).orderBy(asc(markets.id)),
    db.select().from(marketPriceLists).where(eq(marketPriceLists.storeId, storeId)),
    db.select({ id: customerGroups.id }).from(customerGroups).where(eq(customerGroups.storeId, storeId)),
    db.select().from(priceLists).where(eq(priceLists.storeId, storeId)),
  ]);
  if (marketRows.length === 0) return null;
  const lists: Record<string, ListSettings> = Object.create(null);
  for (const { id, name, currency, validFrom, validTo, base, factor, rounding, version } of listRows) {
    lists[id] = { id, name, currency, validFrom, validTo, base, factor, rounding, version };
  }
  return {
    markets: marketRows.map((m) => ({
      id: m.id,
      name: m.name,
      currency: m.currency,
      countries: m.countries,
      language: m.language,
      taxRateBp: m.taxRateBp,
      taxPrices: m.taxPrices,
      isDefault: m.isDefault,
      lists: assignments
        .filter((a) => a.marketId === m.id)
        .map((a) => ({ group: a.groupId, list: a.listId }))
        .sort((a, b) => (a.group + a.list < b.group + b.list ? -1 : 1)),
    })),
    groups: groupRows.map((g) => g.id),
    lists,
  };
}

/** Mirrors the store's markets into KV after a change; every admin change of markets, groups or lists calls it. */
export async function publishSnapshot(env: Env, storeId: string): Promise<void> {
  const name = recordName(storeId);
  publications += 1;
  held.delete(name);
  try {
    const snapshot = await buildSnapshot(env, storeId);
    if (snapshot) await env.KEYS.put(name, JSON.stringify(snapshot));
    else await env.KEYS.delete(name);
  } finally {
    publications += 1;
    held.delete(name);
  }
}

/** The store's snapshot as the request path sees it: this isolate's for a second, else KV (the location's for a minute). */
export async function readSnapshot(env: Env, storeId: string): Promise<PricingSnapshot | null> {
  const name = recordName(storeId);
  const now = snapshotHold.clock.now();
  const hit = held.get(name);
  if (hit && hit.until > now) return hit.snapshot;
  const before = publications;
  const snapshot = await env.KEYS.get<PricingSnapshot>(name, { type: 'json', cacheTtl: 60 });
  held.delete(name);
  if (publications === before) {
    if (held.size >= HELD_MAX) held.delete(held.keys().next().value as string);
    // Misses are held too: most stores have no markets, and their requests must not pay a KV read each.
    held.set(name, { snapshot, until: now + SNAPSHOT_HOLD_MS });
  }
  return snapshot;
}
