import type { LoadedProduct } from '../products/loaded';

/**
 * What `readAhead` (read-ahead.ts) loaded while a request's key check waited, as the request's context holds it
 * (src/env.ts). Apart from read-ahead.ts, which reads the request's context, so that the context's types need
 * nothing of it.
 */
export interface ReadAhead {
  storeId: string;
  productId: string;
  loaded: LoadedProduct | null;
}
