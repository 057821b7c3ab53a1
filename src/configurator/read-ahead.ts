// A keyed request in a cold isolate waits for its store's object (revocations and a lease, src/access/joint.ts). The
// first isolate of a location to serve a version also reads it from D1, and both may be far away: read one after
// the other, that is two far round trips. So while the key check waits, the product the request names is loaded
// (src/keys/verify.ts calls `readAhead` then), and the handler takes it from here instead of loading it again.
// Nothing of it is answered before the key is judged: a request refused (401, 403, 429) only leaves a model warm in
// the isolate's cache, for the key's own store. The promise belongs to the request that made it (docs/architecture.md,
// "What an isolate may share across requests").
import type { RequestContext } from '../env';
import { MAX_BODY_BYTES } from '../http/request-guards';
import { type LoadedProduct, loadProduct } from '../products/loaded';
import type { VersionPointer } from '../products/pointer';

const FORM_PATH = /^\/api\/v1\/products\/([^/]{1,384})\/form$/;
const BODY_PATHS = new Set(['/api/v1/calculate', '/api/v1/configure']);
/** As the routes' schemas bound it (src/api/calculate.ts, configure.ts). */
const MAX_PRODUCT_ID = 128;

const asProductId = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 && v.length <= MAX_PRODUCT_ID ? v : undefined;

/** The text of a copy of the body, or undefined past `max` bytes: the guards after the key check judge the body itself. */
async function boundedText(request: Request, max: number): Promise<string | undefined> {
  const reader = request.clone().body?.getReader();
  if (!reader) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new Blob(chunks).text();
}

/** The product id a form, calculate or configure request names, or undefined. */
async function namedProduct(request: Request): Promise<string | undefined> {
  const { pathname } = new URL(request.url);
  if (request.method === 'GET') {
    const id = FORM_PATH.exec(pathname)?.[1];
    return id === undefined ? undefined : asProductId(decodeURIComponent(id));
  }
  if (request.method !== 'POST' || !BODY_PATHS.has(pathname)) return undefined;
  const text = await boundedText(request, MAX_BODY_BYTES);
  if (text === undefined) return undefined;
  const body: unknown = JSON.parse(text);
  return typeof body === 'object' && body !== null ? asProductId((body as { product_id?: unknown }).product_id) : undefined;
}

/** Starts loading the product the request names, for the key's store, while the key check waits. */
export function readAhead(c: RequestContext, storeId: string): void {
  const started = namedProduct(c.req.raw)
    .then(async (productId) =>
      productId === undefined
        ? undefined
        : { storeId, productId, loaded: await loadProduct(c.env, storeId, productId, undefined, c.executionCtx) },
    )
    // A body that is not JSON, or a load that failed: the handler loads (or refuses) as it would have.
    .catch(() => undefined);
  // A request refused before its handler still lets the load finish, and the location's cache be filled.
  c.executionCtx.waitUntil(started);
  c.set('readAhead', started);
}

/**
 * What the read-ahead loaded for this store's product, or undefined when it did not (no read-ahead, another product,
 * or a version other than the `pointer` the caller read since).
 */
export async function readAheadProduct(
  c: RequestContext,
  storeId: string,
  productId: string,
  pointer?: VersionPointer | null,
): Promise<LoadedProduct | null | undefined> {
  const ahead = await c.get('readAhead');
  if (!ahead || ahead.storeId !== storeId || ahead.productId !== productId) return undefined;
  if (pointer === undefined) return ahead.loaded;
  const same = ahead.loaded?.version === pointer?.version && ahead.loaded?.contentHash === pointer?.contentHash;
  return same ? ahead.loaded : undefined;
}
