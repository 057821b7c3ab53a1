// The price books of the markets a schema's tests name (`market: "ch"`, docs/schema-language.md "Tests in a
// market"), resolved in the store a save writes into, as a request in that market and group would be priced today.
import { ApiError } from '../errors';
import type { SchemaAnalysis } from '../lang';
import { type TestBook, testBookKey } from '../lang/run-tests';
import { priceBookFor, resolvePricing } from '../markets/resolve';

/**
 * One book per market and group the tests name; a market or group the store lacks, or NO_PRICE_LIST, as the
 * reason the test fails. `contentHash` (hex) stands for the unsaved version in the books' cache: the same text
 * always has the same price points.
 */
export async function marketTestBooks(
  env: Env,
  storeId: string,
  productId: string,
  analysis: SchemaAnalysis,
  contentHash: string,
): Promise<Map<string, TestBook>> {
  const books = new Map<string, TestBook>();
  const ir = analysis.untestedIr;
  if (!ir) return books;
  const product = { id: productId, version: -Number.parseInt(contentHash.slice(0, 12), 16), ir };
  for (const { market, group } of analysis.testMarkets) {
    // A key of the test's group, limited to no market: what the test names is what a request of that key asks.
    const key = { keyId: '', storeId, permissions: [], plan: 'free' as const, customerGroup: group ?? null, markets: null };
    let found: TestBook;
    try {
      const pricing = await resolvePricing(env, storeId, key, market === undefined ? {} : { market }, Date.now());
      const book = await priceBookFor(env, storeId, product, pricing);
      const list = pricing.list && { id: pricing.list.id, version: pricing.list.version, name: pricing.list.name };
      found = {
        book,
        pricing: { market: pricing.market?.id ?? null, group: pricing.group, currency: book?.currency ?? ir.currency, list },
      };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      found = { unavailable: e.message };
    }
    books.set(testBookKey(market, group), found);
  }
  return books;
}
