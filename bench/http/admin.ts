// Calls to a running service as the benchmarks make them: the admin token by default, a status expected.
const ADMIN = { Authorization: `Bearer ${process.env.ADMIN_TOKEN ?? 'dev-admin-token'}`, 'Content-Type': 'application/json' };

export async function call(
  base: string,
  method: string,
  path: string,
  expected: number[],
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...ADMIN, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { res, json: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

/** Milliseconds of one request, its body read; fails on any status but 200. */
export async function timed(send: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await send();
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return performance.now() - started;
}

/**
 * Creates the benchmark's store (or finds it there) and a key that may calculate, whose id goes into `keys` for the
 * caller to revoke when done; answers the key's headers.
 */
export async function storeKey(base: string, store: string, name: string, keys: string[]): Promise<{ 'X-API-Key': string }> {
  await call(base, 'POST', '/api/admin/stores', [201, 409], { id: store, name, plan: 'enterprise' });
  const created = (
    await call(base, 'POST', `/api/admin/stores/${store}/api-keys`, [201], {
      name: `bench ${name.toLowerCase()}`,
      permissions: ['calculate'],
    })
  ).json;
  keys.push(String(created?.id));
  return { 'X-API-Key': String(created?.key) };
}
