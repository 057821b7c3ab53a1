import type { z } from '@hono/zod-openapi';
import type { ConfigureResult } from '../src/api/configure';
import { sendChecked } from './contract';

export const ADMIN_TOKEN = 'test-admin-token';

/** A request to the Worker; a response from /api is checked against the OpenAPI document (test/contract.ts). */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return sendChecked(new Request(`http://localhost${path}`, init));
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export function admin(method: string, path: string, body?: unknown): Promise<Response> {
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  return call(`/api/admin${path}`, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
}

let counter = 0;
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * A new store, in shard 0 and shard 1 by turns (wrangler.toml binds two), so every suite runs on both shards; `shard`
 * places it in one.
 */
export async function createStore(
  plan: 'free' | 'pro' | 'enterprise' = 'enterprise',
  id = uniqueId('store'),
  shard = counter % 2,
): Promise<string> {
  const res = await admin('POST', '/stores', { id, name: `Store ${id}`, plan, shard });
  if (res.status !== 201) throw new Error(`createStore: ${res.status} ${await res.text()}`);
  return id;
}

export async function createKey(storeId: string, permissions?: string[]): Promise<{ id: string; key: string }> {
  const res = await admin('POST', `/stores/${storeId}/api-keys`, { name: 'test key', ...(permissions ? { permissions } : {}) });
  if (res.status !== 201) throw new Error(`createKey: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function saveProduct(storeId: string, productId: string, schema: string): Promise<Response> {
  return admin('PUT', `/stores/${storeId}/products/${productId}`, { schema });
}

/** A store with a key holding every permission, for tests about something other than auth. */
export async function tenant(plan: 'free' | 'pro' | 'enterprise' = 'enterprise') {
  const storeId = await createStore(plan);
  const { key } = await createKey(storeId, ['form:read', 'calculate', 'production:read', 'schema:validate']);
  return { storeId, key, headers: { 'X-API-Key': key } };
}

/**
 * A product saved in a fresh store, and its configure requests: `post` answers the response, `ask` the 200 body
 * (failing the test on any other status); `calculate` answers a calculate request's response.
 */
export async function configurable(id: string, text: string) {
  const t = await tenant();
  const saved = await saveProduct(t.storeId, id, text);
  if (saved.status !== 201) throw new Error(`saveProduct: ${saved.status} ${await saved.text()}`);
  const post = (configuration: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    call('/api/v1/configure', jsonInit('POST', { tenant_id: t.storeId, product_id: id, configuration, ...extra }, t.headers));
  const ask = async (configuration: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await post(configuration, extra);
    if (res.status !== 200) throw new Error(`configure: ${res.status} ${await res.text()}`);
    return res.json<z.infer<typeof ConfigureResult>>();
  };
  const calculate = (configuration: Record<string, unknown>) =>
    call('/api/v1/calculate', jsonInit('POST', { tenant_id: t.storeId, product_id: id, configuration }, t.headers));
  return { post, ask, calculate };
}
