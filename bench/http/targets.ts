// The requests bench/http and bench/profile-http send to a running service, and what they need of it: an
// enterprise store (no rate limit shapes the measurement) with pvc-window, a key for it and a key that may not read
// forms (its requests stop at the permission check: authentication and rate limiting, no product).
import { readFileSync } from 'node:fs';
import { WORKLOADS } from '../calculate/configs';
import { EXAMPLES_DIR } from '../examples';
import { call } from './admin';

const PRODUCT = 'pvc-window';
const STORE = 'bench';

async function enterpriseKeys(base: string, revoke: (() => Promise<unknown>)[]): Promise<{ key: string; forbidden: string }> {
  await call(base, 'POST', '/api/admin/stores', [201, 409], { id: STORE, name: 'Benchmark store', plan: 'enterprise' });
  const newKey = async (permissions: string[]) => {
    const body = { name: `bench ${new Date().toISOString()}`, permissions };
    const created = (await call(base, 'POST', `/api/admin/stores/${STORE}/api-keys`, [201], body)).json;
    revoke.push(() => call(base, 'DELETE', `/api/admin/stores/${STORE}/api-keys/${String(created?.id)}`, [204]));
    return created?.key as string;
  };
  const schema = readFileSync(new URL(`${PRODUCT}.cpq`, EXAMPLES_DIR), 'utf8');
  await call(base, 'PUT', `/api/admin/stores/${STORE}/products/${PRODUCT}`, [200, 201], { schema });
  return {
    key: await newKey(['form:read', 'calculate', 'production:read', 'schema:validate']),
    forbidden: await newKey(['schema:validate']),
  };
}

export interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The form (200 and 304) and calculate rows, and the health and 403 rows measured beside them. `revoke` collects
 * the removal of each key made, for the caller to run before it stops the server.
 */
export async function prepare(base: string, revoke: (() => Promise<unknown>)[]) {
  const { key, forbidden } = await enterpriseKeys(base, revoke);
  const auth = { 'X-API-Key': key };
  const formPath = `/api/v1/products/${PRODUCT}/form?tenant_id=${STORE}&lang=en`;
  await call(base, 'GET', formPath, [403], undefined, { 'X-API-Key': forbidden });
  const form = await call(base, 'GET', formPath, [200], undefined, auth);
  const etag = form.res.headers.get('etag') ?? '';
  await call(base, 'GET', formPath, [304], undefined, { ...auth, 'If-None-Match': etag });
  const order = WORKLOADS[PRODUCT]?.orders[0];
  const calculate = JSON.stringify({
    tenant_id: STORE,
    product_id: PRODUCT,
    configuration: order?.configuration,
    quantity: order?.quantity,
    lang: 'en',
    output_groups: ['*'],
  });
  await call(base, 'POST', '/api/v1/calculate', [200], JSON.parse(calculate), auth);
  const api: Target[] = [
    { name: 'GET form (200)', url: `${base}${formPath}`, headers: auth },
    { name: 'GET form (304, If-None-Match)', url: `${base}${formPath}`, headers: { ...auth, 'If-None-Match': etag } },
    {
      name: 'POST calculate',
      url: `${base}/api/v1/calculate`,
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: calculate,
    },
  ];
  const others: Target[] = [
    { name: 'GET /api/health (not counted)', url: `${base}/api/health` },
    { name: 'GET form, key without form:read (403)', url: `${base}${formPath}`, headers: { 'X-API-Key': forbidden } },
  ];
  return { api, others };
}
