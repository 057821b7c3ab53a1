// Rendered forms in the Workers Cache API, shared by the isolates of one location. The key holds the store,
// product, version hash and requested language, so nothing crosses stores or versions; auth and rate limiting
// run before any lookup, on every request.

import { IR_VERSION } from '../lang/ir';
import type { VersionPointer } from '../products/pointer';

const CACHE_HOST = 'https://form-cache.cpq.internal';

export function formCacheKey(storeId: string, productId: string, version: VersionPointer, lang: string | undefined): Request {
  // The version number too: re-saving an earlier source makes a new version with an old hash. The IR version
  // because a release that changes the IR recompiles stored versions, and their forms with them.
  const parts = [storeId, productId, version.version, version.contentHash, `ir${IR_VERSION}`, (lang ?? '').toLowerCase()].map(
    encodeURIComponent,
  );
  return new Request(`${CACHE_HOST}/${parts.join('/')}`);
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
