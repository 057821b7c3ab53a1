// The admin API (src/routes/admin/, docs/api.md) as the remote commands use it: the base URL from --url or
// CPQ_URL, the token from CPQ_ADMIN_TOKEN or ADMIN_TOKEN. Response types are the routes' own zod schemas, so a
// changed answer fails to compile here.
import type { z } from '@hono/zod-openapi';
import type { ProductDetail, ProductList, SavedProduct } from '../api/admin/products';
import { versionETag } from '../api/version-etag';
import { CliError, EXIT } from './exit';

export const DEFAULT_URL = 'http://127.0.0.1:8787';

export interface RemoteOptions {
  url?: string;
}

export interface AdminApi {
  /** The product's current version, or null when the store has no such product. */
  product(store: string, id: string): Promise<z.infer<typeof ProductDetail> | null>;
  products(store: string): Promise<z.infer<typeof ProductList>>;
  /**
   * Saves as the next version, only while the product is at `base` (0: while it does not exist) when given; a
   * product that moved on is a CliError with EXIT.CONFLICT.
   */
  save(store: string, id: string, schema: string, note: string, base?: number): Promise<z.infer<typeof SavedProduct>>;
  /** A GET of the admin API (a path from /api/admin/), its JSON body; `what` names it in an error. */
  get<T>(path: string, what: string): Promise<T>;
  /** As get, for a text answer (a price list's CSV). */
  text(path: string, what: string): Promise<string>;
}

export function adminApi(options: RemoteOptions): AdminApi {
  const base = (options.url ?? process.env.CPQ_URL ?? DEFAULT_URL).replace(/\/+$/, '');
  const token = process.env.CPQ_ADMIN_TOKEN || process.env.ADMIN_TOKEN;
  if (!token) throw new CliError('no admin token: set CPQ_ADMIN_TOKEN (or ADMIN_TOKEN)', EXIT.USAGE);
  const path = (store: string, id?: string) =>
    `${base}/api/admin/stores/${encodeURIComponent(store)}/products${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
    } catch (e) {
      const cause = (e as Error & { cause?: Error }).cause?.message ?? (e as Error).message;
      throw new CliError(`cannot reach ${base}: ${cause} (is \`npm run dev\` running, or --url / CPQ_URL set?)`, EXIT.SERVICE);
    }
  }

  /** The body of a 2xx answer; any other answer is the service's error, with its code and message. */
  async function body<T>(res: Response, what: string): Promise<T> {
    const data = (await res.json().catch(() => null)) as { error?: string; code?: string } | null;
    if (res.ok) return data as T;
    const detail = data?.error ? `${data.code}: ${data.error}` : `HTTP ${res.status}`;
    throw new CliError(`${what}: ${detail}`, EXIT.SERVICE);
  }

  return {
    async get(path, what) {
      return body(await call(`${base}${path}`), what);
    },
    async text(path, what) {
      const res = await call(`${base}${path}`);
      if (res.ok) return res.text();
      return body(res, what);
    },
    async product(store, id) {
      const res = await call(path(store, id));
      // A missing store reads as a missing product here; saving into it is the 404 that names the store.
      if (res.status === 404) return null;
      return body(res, `reading ${store}/${id}`);
    },
    async products(store) {
      return body(await call(path(store)), `listing the products of ${store}`);
    },
    async save(store, id, schema, note, base) {
      const condition: Record<string, string> =
        base === undefined ? {} : base === 0 ? { 'If-None-Match': '*' } : { 'If-Match': versionETag(base) };
      const res = await call(path(store, id), {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...condition },
        body: JSON.stringify({ schema, note }),
      });
      if (res.status === 412) {
        const data = (await res.json().catch(() => null)) as { error?: string } | null;
        throw new CliError(`publishing ${store}/${id}: ${data?.error ?? 'it changed meanwhile'}`, EXIT.CONFLICT);
      }
      return body(res, `publishing ${store}/${id}`);
    },
  };
}
