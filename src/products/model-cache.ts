// Compiled versions in the Workers Cache API, shared by the isolates of one location, so that a location reads each
// version from D1 once, not once per cold isolate. The key is the source's content hash and the compiler's IR
// version: the stored form is a function of those two alone, so versions of the same source share an entry, across
// products and stores, and hold nothing the hash does not determine. Each request makes its own key, its own
// `match` and puts through its own `waitUntil` (docs/architecture.md, "What an isolate may share across requests").

import { IR_VERSION } from '../lang/ir';

const CACHE_HOST = 'https://cpq.internal';

const modelKey = (contentHash: string) => new Request(`${CACHE_HOST}/model/${encodeURIComponent(contentHash)}/ir${IR_VERSION}`);

/** The stored form (the IR's JSON, src/lang/ir-json.ts) of the source with this hash, if the location holds it. */
export async function cachedCompiled(contentHash: string): Promise<string | undefined> {
  const hit = await caches.default.match(modelKey(contentHash));
  return hit ? hit.text() : undefined;
}

export function storeCompiled(waitUntil: (promise: Promise<unknown>) => void, contentHash: string, compiled: string): void {
  // Immutable: a new compiler release changes the key.
  const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=604800, immutable' };
  waitUntil(caches.default.put(modelKey(contentHash), new Response(compiled, { headers })));
}
