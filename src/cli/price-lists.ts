// Where `cpq price` and `cpq test` get a market's prices (docs/cli.md, "Markets and price lists"): from a store
// through the admin API (its markets, the list in force for the group, the list's chain of bases and their
// entries for the product), or from a local export (`--prices <file.csv> --currency CHF`, with `--factor` and
// `--rounding` for what the list derives from the model). Either way the effective amounts are derived here by the
// same code as on the server (src/pricing/derive.ts), for the price points of the file being priced.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { z } from '@hono/zod-openapi';
import type { CustomerGroupList, MarketList } from '../api/admin/markets';
import type { PriceListList } from '../api/admin/price-lists';
import type { ProductIR } from '../lang/ir';
import { pricePoints } from '../lang/price-points';
import type { TestBook } from '../lang/run-tests';
import { listInForce } from '../markets/in-force';
import type { ListSettings, PricingSnapshot } from '../markets/service/snapshot';
import { parseEntriesCsv } from '../pricing/csv';
import { type ChainList, MAX_CHAIN_LENGTH, priceBook } from '../pricing/derive';
import { adminApi, type RemoteOptions } from './admin-api';
import { CliError, EXIT } from './exit';

export interface ListOptions extends RemoteOptions {
  store?: string;
  at?: string;
  prices?: string;
  currency?: string;
  factor?: string;
  rounding?: string;
}

/** Prices a product's IR in a market and group (undefined: the default market, retail). */
export type ListSource = (product: string, ir: ProductIR, market?: string, group?: string) => Promise<TestBook>;

const RETAIL = 'retail';

/** The source the options name, or null when they name none (the model's own prices). */
export function listSource(options: ListOptions): ListSource | null {
  const local = options.prices !== undefined || options.currency !== undefined || options.factor !== undefined;
  if (options.store !== undefined && local) {
    throw new CliError(
      '--store reads the lists of a store; --prices, --currency and --factor name a local one: not both',
      EXIT.USAGE,
    );
  }
  if (options.store !== undefined) return storeSource(options.store, options);
  if (local) return localSource(options);
  return null;
}

function parseEntries(text: string, currency: string, product: string, what: string): Map<string, number> {
  const parsed = parseEntriesCsv(text, currency);
  if (!parsed.ok) {
    const e = parsed.errors[0]!;
    throw new CliError(`${what}:${e.line}:${e.column}: ${e.message}`, EXIT.USAGE);
  }
  const entries = new Map<string, number>();
  for (const row of parsed.rows) if (row.product === product && row.value !== null) entries.set(row.price, row.value);
  return entries;
}

function bookOf(ir: ProductIR, chain: ChainList[], pricing: Extract<TestBook, { pricing: unknown }>['pricing']): TestBook {
  try {
    return { book: priceBook(pricePoints(ir), chain), pricing };
  } catch (e) {
    if (e instanceof RangeError) throw new CliError(`the list ${pricing.list?.id}: ${e.message}`, EXIT.USAGE);
    throw e;
  }
}

/** One list given on the command line: its file's entries for the product, derived from the model's numbers. */
function localSource(options: ListOptions): ListSource {
  const currency = options.currency;
  if (!currency) throw new CliError("--prices and --factor need --currency, the list's currency (e.g. CHF)", EXIT.USAGE);
  const text = options.prices === undefined ? null : readText(options.prices);
  const id = options.prices === undefined ? 'local' : basename(options.prices).replace(/\.csv$/i, '');
  return async (product, ir, market, group) => {
    const entries = text === null ? new Map<string, number>() : parseEntries(text, currency, product, options.prices!);
    const chain = [{ factor: options.factor ?? '1', rounding: options.rounding ?? 'minor', currency, entries }];
    const pricing = { market: market ?? null, group: group ?? RETAIL, currency, list: { id, version: 0, name: id } };
    return bookOf(ir, chain, pricing);
  };
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, EXIT.USAGE);
  }
}

/** A day as lists are in force (UTC), from --at or today. */
function dayOf(at: string | undefined): string {
  if (at === undefined) return new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(at) || Number.isNaN(Date.parse(`${at}T00:00:00Z`))) {
    throw new CliError(`--at must be a date, YYYY-MM-DD, not ${at}`, EXIT.USAGE);
  }
  return at;
}

/** The store's markets, groups and lists, read once; each list's entries for a product read once. */
function storeSource(store: string, options: ListOptions): ListSource {
  const api = adminApi(options);
  const day = dayOf(options.at);
  const path = (p: string) => `/api/admin/stores/${encodeURIComponent(store)}/${p}`;
  let read: Promise<{ snapshot: PricingSnapshot; groups: Set<string> }> | undefined;
  const entries = new Map<string, Promise<Map<string, number>>>();

  async function snapshot() {
    const [m, l, g] = await Promise.all([
      api.get<z.infer<typeof MarketList>>(path('markets'), `reading the markets of ${store}`),
      api.get<z.infer<typeof PriceListList>>(path('price-lists'), `reading the price lists of ${store}`),
      api.get<z.infer<typeof CustomerGroupList>>(path('customer-groups'), `reading the customer groups of ${store}`),
    ]);
    const lists: Record<string, ListSettings> = Object.create(null);
    for (const x of l.price_lists) {
      lists[x.id] = {
        id: x.id,
        name: x.name,
        currency: x.currency,
        validFrom: x.valid_from,
        validTo: x.valid_to,
        base: x.base,
        factor: x.factor,
        rounding: x.rounding,
        version: x.version,
      };
    }
    const markets = m.markets.map((x) => ({
      id: x.id,
      name: x.name,
      currency: x.currency,
      countries: x.countries,
      language: x.language,
      taxRateBp: null,
      taxPrices: 'net' as const,
      isDefault: x.default,
      lists: x.price_lists,
    }));
    const groups = new Set(g.customer_groups.map((x) => x.id));
    return { snapshot: { markets, groups: [...groups], lists }, groups };
  }

  const entriesOf = (list: ListSettings, product: string) => {
    const key = `${list.id}\n${product}`;
    let got = entries.get(key);
    if (!got) {
      const url = `${path(`price-lists/${encodeURIComponent(list.id)}/entries.csv`)}?${new URLSearchParams({ product })}`;
      got = api
        .text(url, `reading the entries of ${list.id}`)
        .then((text) => parseEntries(text, list.currency, product, `${list.id} (from ${store})`));
      entries.set(key, got);
    }
    return got;
  };

  return async (product, ir, market, group = RETAIL) => {
    read ??= snapshot();
    const { snapshot: s, groups } = await read;
    const m = market === undefined ? s.markets.find((x) => x.isDefault) : s.markets.find((x) => x.id === market);
    if (!m)
      return {
        unavailable: market === undefined ? `the store ${store} has no markets` : `the store ${store} has no market "${market}"`,
      };
    if (group !== RETAIL && !groups.has(group)) return { unavailable: `the store ${store} has no customer group "${group}"` };
    const ids = (g: string) => m.lists.filter((a) => a.group === g).map((a) => a.list);
    const list = listInForce(s, ids(group), day) ?? (group === RETAIL ? null : listInForce(s, ids(RETAIL), day));
    const pricing = {
      market: m.id,
      group,
      currency: m.currency,
      list: list && { id: list.id, version: list.version, name: list.name },
    };
    if (!list) {
      if (ir.currency === m.currency) return { book: null, pricing };
      return {
        unavailable: `NO_PRICE_LIST: no list in force on ${day} in market ${m.id} (${m.currency}), and the model is in ${ir.currency}`,
      };
    }
    const chain: ListSettings[] = [list];
    for (let base = list.base; base !== null; base = chain[chain.length - 1]!.base) {
      const next = Object.hasOwn(s.lists, base) ? s.lists[base] : undefined;
      if (!next || chain.length === MAX_CHAIN_LENGTH || chain.includes(next)) {
        return { unavailable: `the list ${list.id} derives from ${base}, which is missing, a cycle or too deep` };
      }
      chain.push(next);
    }
    const links = await Promise.all(
      chain.map(async (l) => ({
        factor: l.factor,
        rounding: l.rounding,
        currency: l.currency,
        entries: await entriesOf(l, product),
      })),
    );
    return bookOf(ir, links, pricing);
  };
}
