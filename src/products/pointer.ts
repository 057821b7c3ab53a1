// A product's current version, mirrored into KV on every save so the request path finds it without D1.
// KV is eventually consistent: other locations see a new version within about a minute (docs/api.md, "Caching and consistency").
import { type Clock, realTime } from '../isolate/clock';

export interface VersionPointer {
  version: number;
  contentHash: string;
}

const pointerName = (storeId: string, externalId: string) => `product:${storeId}:${externalId}`;

/**
 * Pointers this isolate read, held for a second: a KV read, even one the edge answers, was the largest cost of a
 * warm request (bench/RESULTS.md §4). A second adds next to nothing to KV's own minute of staleness elsewhere, and
 * this isolate's own saves and deletes drop what it holds at once. Only found pointers are held, at most 10,000.
 */
const held = new Map<string, { pointer: VersionPointer; until: number }>();
export const POINTER_HOLD_MS = 1_000;
/** The hold's time: tests move it on instead of waiting out the second (src/isolate/clock.ts). */
export const pointerHold: { clock: Pick<Clock, 'now'> } = { clock: realTime };
const HELD_MAX = 10_000;
/**
 * Counts this isolate's publications, once as each starts and once as it ends: a read that overlapped one may have
 * fetched what it replaced, so it is not held (its own request still uses it, as it would have without the hold).
 */
let publications = 0;

export async function publishCurrentVersion(
  env: Env,
  storeId: string,
  externalId: string,
  pointer: VersionPointer | null,
): Promise<void> {
  const name = pointerName(storeId, externalId);
  publications += 1;
  held.delete(name);
  try {
    if (pointer) await env.KEYS.put(name, JSON.stringify(pointer));
    else await env.KEYS.delete(name);
  } finally {
    publications += 1;
    held.delete(name);
  }
}

export async function readCurrentVersion(env: Env, storeId: string, externalId: string): Promise<VersionPointer | null> {
  const name = pointerName(storeId, externalId);
  const now = pointerHold.clock.now();
  const hit = held.get(name);
  if (hit && hit.until > now) return hit.pointer;
  const before = publications;
  const pointer = await env.KEYS.get<VersionPointer>(name, { type: 'json', cacheTtl: 60 });
  held.delete(name);
  if (pointer && publications === before) {
    if (held.size >= HELD_MAX) held.delete(held.keys().next().value as string);
    held.set(name, { pointer, until: now + POINTER_HOLD_MS });
  }
  return pointer;
}
