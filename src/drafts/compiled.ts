import { ApiError } from '../errors';
import { sha256Hex } from '../keys/secret';
import { instantiate } from '../lang/instantiate';
import { analyzed } from '../products/analyses';
import { splitDiagnostics } from '../products/diagnostics';
import type { LoadedProduct } from '../products/loaded';
import type { DraftRow } from './service';

// A draft compiled for the preview: the preview asks for the form and a calculation on every pause in typing,
// so each draft text is compiled once per isolate, like a version (src/products/loaded.ts), in a smaller cache.

const MAX_CACHED_DRAFTS = 32;
const cache = new Map<string, LoadedProduct>();

/**
 * The draft ready to evaluate, answering as version `base_version` (0 for a product never published).
 * VALIDATION_FAILED with the schema's errors when it does not compile (failing `test` blocks do not count).
 */
export async function loadDraft(draft: DraftRow): Promise<LoadedProduct> {
  const contentHash = await sha256Hex(draft.source);
  const key = `${draft.storeId}\u0000${draft.externalId}\u0000${draft.baseVersion}\u0000${contentHash}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const analysis = analyzed(draft.source);
  // A draft whose own tests fail is previewed all the same: the author sees the new prices beside the failures.
  const ir = analysis.untestedIr;
  if (!ir) {
    const { errors, truncated } = splitDiagnostics(analysis);
    const found = errors.length + (truncated?.errors ?? 0);
    throw new ApiError('VALIDATION_FAILED', `The draft has ${found} error(s); fix them to preview it`, {
      errors,
      ...(truncated?.errors ? { truncated: { errors: truncated.errors } } : {}),
    });
  }
  const loaded: LoadedProduct = { version: draft.baseVersion ?? 0, contentHash, model: instantiate(ir) };
  if (cache.size >= MAX_CACHED_DRAFTS) cache.delete(cache.keys().next().value!);
  cache.set(key, loaded);
  return loaded;
}
