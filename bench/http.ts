// End to end over HTTP with autocannon: health, the form (200, and 304 on If-None-Match), calculate, next to a
// bare hono route on the same runtime. Starts `npm run dev` on a free port unless --base-url names a running one,
// and always starts the bare worker; stops what it started. Pricing runs on an enterprise store (no rate limit).
import autocannon, { type Result } from 'autocannon';
import { mkdirSync, readFileSync } from 'node:fs';
import { WORKLOADS } from './calculate/configs';
import { EXAMPLES_DIR } from './examples';
import { fmt3, fmtInt, fmtRatio, section, table } from './harness';
import { startBare, startDev, type Server } from './http/servers';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const quick = process.argv.includes('--quick');
const DURATION_S = quick ? 2 : 5;
const CONNECTIONS = 10;
const ADMIN = { Authorization: `Bearer ${process.env.ADMIN_TOKEN ?? 'dev-admin-token'}`, 'Content-Type': 'application/json' };
const PRODUCT = 'pvc-window';
const STORE = 'bench';

async function call(base: string, method: string, path: string, expected: number[], body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { method, headers: { ...ADMIN, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { res, json: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

/**
 * An enterprise store (no rate limit shapes the measurement) with the product, a key for it and a key that may
 * not read forms (its requests stop at the permission check: authentication and rate limiting, no product).
 */
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
  return { key: await newKey(['form:read', 'calculate', 'production:read', 'schema:validate']), forbidden: await newKey(['schema:validate']) };
}

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

async function measure(t: Target): Promise<Result> {
  const options = { url: t.url, method: t.method ?? 'GET', headers: t.headers ?? {}, connections: CONNECTIONS, ...(t.body ? { body: t.body } : {}) };
  await autocannon({ ...options, duration: 1 });
  return autocannon({ ...options, duration: DURATION_S });
}

const logDir = new URL('../out/', import.meta.url);
mkdirSync(logDir, { recursive: true });
const started: Server[] = [];
/** The keys this run created, revoked at the end so that runs do not pile up live keys in the dev store. */
const revoke: (() => Promise<unknown>)[] = [];
try {
  const given = arg('--base-url');
  // Both settle before anything is judged, so that a server still starting is never left behind.
  const servers = await Promise.allSettled([given === undefined ? startDev(logDir) : undefined, startBare(logDir)]);
  for (const s of servers) if (s.status === 'fulfilled' && s.value !== undefined) started.push(s.value);
  const [devStart, bareStart] = servers;
  if (devStart?.status === 'rejected') throw devStart.reason;
  if (bareStart?.status === 'rejected') throw bareStart.reason;
  const dev = devStart?.value ?? { base: (given ?? '').replace(/\/+$/, '') };
  const bare = bareStart?.value as Server;
  const { key, forbidden } = await enterpriseKeys(dev.base, revoke);
  const auth = { 'X-API-Key': key };
  const formPath = `/api/v1/products/${PRODUCT}/form?tenant_id=${STORE}&lang=en`;
  await call(dev.base, 'GET', formPath, [403], undefined, { 'X-API-Key': forbidden });
  const form = await call(dev.base, 'GET', formPath, [200], undefined, auth);
  const etag = form.res.headers.get('etag') ?? '';
  await call(dev.base, 'GET', formPath, [304], undefined, { ...auth, 'If-None-Match': etag });
  const order = WORKLOADS[PRODUCT]?.orders[0];
  const calculate = JSON.stringify({ tenant_id: STORE, product_id: PRODUCT, configuration: order?.configuration, quantity: order?.quantity, lang: 'en', output_groups: ['*'] });
  await call(dev.base, 'POST', '/api/v1/calculate', [200], JSON.parse(calculate), auth);

  const targets: Target[] = [
    { name: 'bare hono route (floor)', url: `${bare.base}/` },
    { name: 'GET /api/health (anonymous budget)', url: `${dev.base}/api/health` },
    { name: 'GET form, key without form:read (403)', url: `${dev.base}${formPath}`, headers: { 'X-API-Key': forbidden } },
    { name: 'GET form (200)', url: `${dev.base}${formPath}`, headers: auth },
    { name: 'GET form (304, If-None-Match)', url: `${dev.base}${formPath}`, headers: { ...auth, 'If-None-Match': etag } },
    { name: 'POST calculate', url: `${dev.base}/api/v1/calculate`, method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: calculate },
  ];
  const rows: string[][] = [];
  let floor = NaN;
  for (const t of targets) {
    const r = await measure(t);
    if (Number.isNaN(floor)) floor = r.requests.average;
    const statuses = (['2xx', '3xx', '4xx', '5xx'] as const).filter((k) => r[k] > 0).map((k) => `${k} ${fmtInt(r[k])}`);
    if (r.errors + r.timeouts > 0) statuses.push(`errors ${r.errors + r.timeouts}`);
    rows.push([t.name, fmtInt(r.requests.average), fmt3(r.latency.p50), fmt3(r.latency.p99), fmtRatio(floor / r.requests.average), statuses.join(', ')]);
  }
  section(
    `http: ${CONNECTIONS} connections, ${DURATION_S} s per row after 1 s of warm-up (wrangler dev, local workerd)`,
    table(['request', 'req/s', 'p50 ms', 'p99 ms', 'time vs floor', 'responses'], rows),
  );
} finally {
  for (const r of revoke) await r();
  for (const s of started) await s.stop();
}
