// Rendered forms in the Workers Cache API, shared by the isolates of one location. The key holds the store,
// product, version hash, requested language and what priced the form (market, customer group, price list and its
// version), so nothing crosses stores, versions or groups: a dealer's form is never a retail key's hit. Auth,
// rate limiting and the key's right to its market and group run before any lookup, on every request.

import { IR_VERSION } from '../lang/ir';
import type { ResolvedPricing } from '../markets/resolve';
import type { VersionPointer } from '../products/pointer';
import { bookKey } from './priced';

const CACHE_HOST = 'https://form-cache.cpq.internal';

/**
 * What priced a form, as its cache key and ETag hold it: empty for the model's prices without a market (as
 * before markets, so those keys and tags did not change), else `m<market>.g<group>.l<book>`, the book naming the
 * list's version and its bases' (`eur.3+base.7`). Ids are slugs without dots or plus signs, so no two pricings
 * write the same key.
 */
export function pricingKey(pricing: ResolvedPricing): string {
  const { market, group, list } = pricing;
  if (!market && group === 'retail' && !list) return '';
  return `m${market?.id ?? ''}.g${group}.l${bookKey(pricing)}`;
}

export function formCacheKey(
  storeId: string,
  productId: string,
  version: VersionPointer,
  lang: string | undefined,
  pricing: string,
): Request {
  // The version number too: re-saving an earlier source makes a new version with an old hash. The IR version
  // because a release that changes the IR recompiles stored versions, and their forms with them.
  const parts = [storeId, productId, version.version, version.contentHash, `ir${IR_VERSION}`, (lang ?? '').toLowerCase()];
  if (pricing) parts.push(pricing);
  return new Request(`${CACHE_HOST}/${parts.map(encodeURIComponent).join('/')}`);
}

export interface CachedForm {
  body: string;
  etag: string;
  language: string;
}

export async function cachedForm(key: Request): Promise<CachedForm | undefined> {
  const hit = await caches.default.match(key);
  if (!hit) return undefined;
  return { body: await hit.text(), etag: hit.headers.get('ETag') ?? '', language: hit.headers.get('Content-Language') ?? '' };
}

export function storeForm(ctx: { waitUntil(promise: Promise<unknown>): void }, key: Request, form: CachedForm): void {
  // Versions are immutable and the key changes on save, so a long lifetime is safe.
  const headers = {
    'Content-Type': 'application/json',
    ETag: form.etag,
    'Content-Language': form.language,
    'Cache-Control': 'public, max-age=86400',
  };
  ctx.waitUntil(caches.default.put(key, new Response(form.body, { headers })));
}
