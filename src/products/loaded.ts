import { instantiate, type Model } from '../lang/instantiate';
import type { ProductIR } from '../lang/ir';
import type { ListSettings } from '../markets/service/snapshot';
import { cachedCompiled, storeCompiled } from './model-cache';
import { publishCurrentVersion, readCurrentVersion, type VersionPointer } from './pointer';
import { findCompiled, findCurrentCompiled, runnableIr } from './service';

export interface LoadedProduct {
  version: number;
  contentHash: string;
  model: Model;
  /** A version priced by a book: the lists, with their versions, whose amounts it holds (nearest first). */
  chain?: readonly ListSettings[];
}

/** Compiled models kept per isolate; a version is immutable, so entries never go stale, only old. */
const MAX_CACHED_MODELS = 256;
/**
 * Characters of compiled form behind the models kept, at most. A model holds about 4.7 times its compiled form
 * in heap (bench/RESULTS.md §3), and a large one its exact engine's tables too (383 KiB for 150 fields × 174
 * tables), so 256 models of a car line's size (859 KiB compiled) would not fit in the isolate's 128 MB: about
 * 40 MB of models are kept, and always the last one loaded.
 */
const MAX_CACHED_COMPILED_CHARS = 8_000_000;
const cache = new Map<string, { loaded: LoadedProduct; chars: number }>();
let cachedChars = 0;

function remember(key: string, loaded: LoadedProduct, chars: number): LoadedProduct {
  while (cache.size > 0 && (cache.size >= MAX_CACHED_MODELS || cachedChars + chars > MAX_CACHED_COMPILED_CHARS)) {
    const [oldest, entry] = cache.entries().next().value!;
    cache.delete(oldest);
    cachedChars -= entry.chars;
  }
  cache.set(key, { loaded, chars });
  cachedChars += chars;
  return loaded;
}

function recall(key: string): LoadedProduct | undefined {
  const hit = cache.get(key);
  if (hit) {
    // Re-insert so Map order tracks recency (least recently used goes first).
    cache.delete(key);
    cache.set(key, hit);
  }
  return hit?.loaded;
}

// The version number too: re-saving an earlier source makes a new version with an old hash.
const cacheKey = (storeId: string, externalId: string, v: VersionPointer) =>
  `${storeId}\u0000${externalId}\u0000${v.version}\u0000${v.contentHash}`;

/**
 * The compiled model of a version priced by a price book: the key of the version, and `book`, which names the
 * versions of the list and of the lists it derives from (src/configurator/priced.ts).
 */
const pricedKey = (storeId: string, externalId: string, v: VersionPointer, book: string) =>
  `${cacheKey(storeId, externalId, v)}\u0000${book}`;

/**
 * A version priced by a book, compiled by this isolate before, without any I/O. Kept with the versions, under the
 * same bounds: a list's version is immutable (a change is a new version), so entries never go stale.
 */
export function warmPriced(storeId: string, externalId: string, base: LoadedProduct, book: string): LoadedProduct | undefined {
  return recall(pricedKey(storeId, externalId, base, book));
}

/**
 * Instantiates `ir` (the version's IR with the amounts of the book of `chain`) and keeps it under each of `books`;
 * synchronous, after the caller's reads.
 */
export function rememberPriced(
  storeId: string,
  externalId: string,
  base: LoadedProduct,
  books: readonly string[],
  ir: ProductIR,
  chain: readonly ListSettings[],
): LoadedProduct {
  const loaded: LoadedProduct = { version: base.version, contentHash: base.contentHash, model: instantiate(ir), chain };
  // About the version's own compiled size: the book changes numbers, not the model's shape.
  const chars = cache.get(cacheKey(storeId, externalId, base))?.chars ?? JSON.stringify(ir).length;
  for (const book of books) remember(pricedKey(storeId, externalId, base, book), loaded, chars);
  return loaded;
}

/** A version this isolate already compiled, without any I/O. */
export function warmProduct(storeId: string, externalId: string, version: VersionPointer): LoadedProduct | undefined {
  return recall(cacheKey(storeId, externalId, version));
}

type StoredVersion = { version: number; contentHash: string; compiled: string };

/** Where a cold load may put what it read for the location's other isolates: the request's `waitUntil`. */
export type LoadContext = { waitUntil(promise: Promise<unknown>): void } | undefined;

/** The version instantiated, its stored form put in the location's cache when it came from D1. */
async function build(env: Env, storeId: string, externalId: string, stored: StoredVersion, ctx: LoadContext, fromD1: boolean) {
  const { ir, json } = await runnableIr(env, storeId, externalId, stored);
  if (fromD1 && ctx) storeCompiled((p) => ctx.waitUntil(p), stored.contentHash, json);
  const loaded: LoadedProduct = { version: stored.version, contentHash: stored.contentHash, model: instantiate(ir) };
  return { loaded, chars: json.length };
}

/**
 * The current version of a store's product, ready to evaluate, or null when the store has no such product.
 * Warm path: one KV read (edge-cached) and a Map hit. Cold isolate: the location's cache (src/products/model-cache.ts),
 * else one read of the compiled form from any D1 replica (a version is immutable), else, when that replica lacks it
 * (not replicated yet, or a stale pointer), the primary; the source only once per version after a release changed
 * the IR (see `runnableIr`). Only the first cold isolate of a location reads D1 for a version, when the caller
 * gives its request's context (`ctx`) for putting it in the cache.
 */
export async function loadProduct(
  env: Env,
  storeId: string,
  externalId: string,
  /** The version pointer when the caller already read it. */
  known?: VersionPointer | null,
  ctx?: LoadContext,
): Promise<LoadedProduct | null> {
  const pointer = known === undefined ? await readCurrentVersion(env, storeId, externalId) : known;
  if (pointer) {
    const key = cacheKey(storeId, externalId, pointer);
    const hit = recall(key);
    if (hit) return hit;
    const cached = await cachedCompiled(pointer.contentHash);
    if (cached !== undefined) {
      const built = await build(env, storeId, externalId, { ...pointer, compiled: cached }, ctx, false);
      return remember(key, built.loaded, built.chars);
    }
    const row = await findCompiled(env, storeId, externalId, pointer.version);
    if (row?.contentHash === pointer.contentHash) {
      const built = await build(env, storeId, externalId, row, ctx, true);
      return remember(key, built.loaded, built.chars);
    }
  }
  // No pointer (never published, evicted, or stale after a delete), or a replica without the version: the primary.
  const current = await findCurrentCompiled(env, storeId, externalId);
  if (!current) return null;
  await publishCurrentVersion(env, storeId, externalId, { version: current.version, contentHash: current.contentHash });
  const key = cacheKey(storeId, externalId, current);
  const hit = recall(key);
  if (hit) return hit;
  const built = await build(env, storeId, externalId, current, ctx, true);
  return remember(key, built.loaded, built.chars);
}
