import { expect } from 'vitest';
import { pricingClock } from '../../src/configurator/priced';
import { realTime } from '../../src/isolate/clock';
import { admin, call, createStore, jsonInit, saveProduct } from '../helpers';

// A store selling one panel in five markets (docs/api.md, "Markets and price lists"), for the HTTP proofs of
// markets-*.cases.ts. Every expected price is worked out by hand beside the test that reads it.

/**
 * The panel: a base price line of 100 and a colour surcharge (white 10, cream 12.5), both declared list prices.
 * In the model's EUR: white 110.00, cream 112.50.
 */
export const PANEL = `product "Panel" {
  language: en
  currency: EUR
  list_prices: [colour.price, price.base]
}

field colour: dropdown {
  label: "Colour"
  options {
    white { label: "White", price: 10 }
    cream { label: "Cream", price: 12.5 }
  }
  default: "white"
}

price {
  line base: "Panel" = 100
  line colour: "Colour" = colour.price
}
`;

export async function adminOk(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await admin(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? {} : res.json();
}

/** A price list with explicit entries for the panel (decimal strings; absent: derived). */
export async function priceList(storeId: string, list: Record<string, unknown>, entries: Record<string, string> = {}) {
  await adminOk('POST', `/stores/${storeId}/price-lists`, list);
  const rows = Object.entries(entries).map(([price, value]) => ({ product: 'panel', price, value }));
  if (rows.length > 0) await adminOk('PATCH', `/stores/${storeId}/price-lists/${list.id}/entries`, { version: 1, entries: rows });
}

export async function market(storeId: string, body: Record<string, unknown>) {
  await adminOk('POST', `/stores/${storeId}/markets`, { countries: [], default: false, ...body });
}

export async function keyFor(storeId: string, extra: Record<string, unknown> = {}) {
  const permissions = ['form:read', 'calculate', 'quote:read', 'quote:write'];
  const made = (await adminOk('POST', `/stores/${storeId}/api-keys`, { name: 'market key', permissions, ...extra })) as {
    key: string;
  };
  return { 'X-API-Key': made.key };
}

/** A store with the panel and no markets yet. */
export async function panelStore() {
  const storeId = await createStore('enterprise');
  const saved = await saveProduct(storeId, 'panel', PANEL);
  if (saved.status !== 201) throw new Error(`saveProduct: ${saved.status} ${await saved.text()}`);
  return storeId;
}

export const calculate = (storeId: string, headers: Record<string, string>, body: Record<string, unknown> = {}, query = '') =>
  call(
    `/api/v1/calculate${query}`,
    jsonInit('POST', { tenant_id: storeId, product_id: 'panel', configuration: { colour: 'cream' }, ...body }, headers),
  );

export const configure = (storeId: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  call('/api/v1/configure', jsonInit('POST', { tenant_id: storeId, product_id: 'panel', configuration: {}, ...body }, headers));

export const form = (storeId: string, headers: Record<string, string>, query = '') =>
  call(`/api/v1/products/panel/form?tenant_id=${storeId}${query}`, { headers });

interface Priced {
  result: { totals: { price: number; currency: string }; lines: { id: string; amount: number }[] };
  pricing: { market: string | null; group: string; currency: string; list: { id: string; version: number; name: string } | null };
}

/** A calculation that must answer 200: its total, currency, line amounts and pricing. */
export async function priced(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as Priced;
  const lines = Object.fromEntries(body.result.lines.map((l) => [l.id, l.amount]));
  return { total: body.result.totals.price, currency: body.result.totals.currency, lines, pricing: body.pricing };
}

/** Runs `body` with requests priced at `iso` (the list in force then), then back to the real clock. */
export async function at<T>(iso: string, body: () => Promise<T>): Promise<T> {
  const now = Date.parse(iso);
  pricingClock.clock = { now: () => now };
  try {
    return await body();
  } finally {
    pricingClock.clock = realTime;
  }
}
