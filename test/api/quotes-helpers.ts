import type { z } from '@hono/zod-openapi';
import type { Quote, SentQuote } from '../../src/api/quotes';
import { SHELF } from '../fixtures/shelf';
import { call, createKey, createStore, jsonInit, saveProduct } from '../helpers';

export type QuoteJson = z.infer<typeof Quote>;
export type SentQuoteJson = z.infer<typeof SentQuote>;

export const ALL = ['form:read', 'calculate', 'production:read', 'schema:validate', 'quote:read', 'quote:write'];

/** A store with the shelf product and a key that may do everything with quotes. */
export async function quoteTenant(permissions = ALL) {
  const storeId = await createStore('enterprise');
  const saved = await saveProduct(storeId, 'shelf', SHELF);
  if (saved.status !== 201) throw new Error(`saveProduct: ${saved.status}`);
  const { key } = await createKey(storeId, permissions);
  const auth = { 'X-API-Key': key };
  const send = (method: string, path: string, body?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    body === undefined
      ? call(`/api/v1/quotes${path}`, { method, headers: { ...auth, ...headers } })
      : call(`/api/v1/quotes${path}`, jsonInit(method, { tenant_id: storeId, ...body }, { ...auth, ...headers }));
  const create = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    send('POST', '', { items: [{ product_id: 'shelf', configuration: {} }], customer: { name: 'Ada' }, ...body }, headers);
  const get = (id: string) => send('GET', `/${id}?tenant_id=${storeId}`);
  return { storeId, key, auth, send, create, get };
}
