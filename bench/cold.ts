// The cold path over HTTP (issue 36): a keyed GET form and POST calculate in an isolate that has never served the
// store (no revocations, lease, key record or model of it), against the same requests warm, with the store's
// Durable Object and D1 near (every knob at 0) and far (CPQ_DEV_GATE_LATENCY_MS and CPQ_DEV_D1_LATENCY_MS at
// 150 ms, bench/knobs.ts; KV at 0: the request path reads it with the location's cache), and far with a D1 read
// replica near (CPQ_DEV_D1_REPLICA_LATENCY_MS=0: what the Sessions API reads use). A cold sample is a new
// store with its own key and product, so wrangler dev's one isolate is cold for it; two kinds:
// - "location cached": its source was saved before (another store's), so the location's cache holds the compiled
//   version (src/products/model-cache.ts) and only the object is asked;
// - "first in location": a source never seen, so the version is read from D1 too.
// Requests are sequential, one at a time; the bare hono route (bench/bare-worker.ts) is the peer in the same run.

import { mkdirSync, readFileSync } from 'node:fs';
import { WORKLOADS } from './calculate/configs';
import { EXAMPLES_DIR } from './examples';
import { fmt3, median, section, table } from './harness';
import { call, timed } from './http/admin';
import { type Server, startBare, startDev } from './http/servers';

const quick = process.argv.includes('--quick');
const SAMPLES = quick ? 4 : 10;
const WARM = quick ? 40 : 150;
const FAR_MS = 150;
const PRODUCT = 'pvc-window';
const SOURCE = readFileSync(new URL(`${PRODUCT}.cpq`, EXAMPLES_DIR), 'utf8');
const ORDER = WORKLOADS[PRODUCT]?.orders[0];

type Route = 'form' | 'calculate';
type Kind = 'location cached' | 'first in location';

let stores = 0;
const runId = Date.now().toString(36);

/** A new enterprise store (no rate limit shapes the timing) with a key and the product saved from `source`. */
async function newStore(base: string, source: string) {
  stores += 1;
  const store = `cold-${runId}-${stores}`;
  await call(base, 'POST', '/api/admin/stores', [201], { id: store, name: store, plan: 'enterprise' });
  const created = await call(base, 'POST', `/api/admin/stores/${store}/api-keys`, [201], {
    name: 'cold bench',
    permissions: ['form:read', 'calculate'],
  });
  await call(base, 'PUT', `/api/admin/stores/${store}/products/${PRODUCT}`, [201], { schema: source });
  return { store, key: String(created.json?.key) };
}

function request(base: string, route: Route, store: string, key: string): () => Promise<Response> {
  if (route === 'form') {
    const url = `${base}/api/v1/products/${PRODUCT}/form?tenant_id=${store}&lang=en`;
    return () => fetch(url, { headers: { 'X-API-Key': key } });
  }
  const body = JSON.stringify({
    tenant_id: store,
    product_id: PRODUCT,
    configuration: ORDER?.configuration,
    quantity: ORDER?.quantity,
    lang: 'en',
  });
  const headers = { 'X-API-Key': key, 'Content-Type': 'application/json' };
  return () => fetch(`${base}/api/v1/calculate`, { method: 'POST', headers, body });
}

async function warm(send: () => Promise<Response>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await timed(send);
  const times: number[] = [];
  for (let i = 0; i < WARM; i++) times.push(await timed(send));
  return times;
}

async function cold(base: string, route: Route, kind: Kind): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const source = kind === 'location cached' ? SOURCE : `// ${crypto.randomUUID()}\n${SOURCE}`;
    const { store, key } = await newStore(base, source);
    times.push(await timed(request(base, route, store, key)));
  }
  return times;
}

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

interface Measured {
  warm: Map<Route, number[]>;
  cold: Map<string, number[]>;
}

async function measureServer(base: string): Promise<Measured> {
  // The source "location cached" samples share, loaded once so that the location's cache holds it.
  const seed = await newStore(base, SOURCE);
  const measured: Measured = { warm: new Map(), cold: new Map() };
  for (const route of ['form', 'calculate'] as const) {
    measured.warm.set(route, await warm(request(base, route, seed.store, seed.key)));
    for (const kind of ['location cached', 'first in location'] as const) {
      measured.cold.set(`${route}|${kind}`, await cold(base, route, kind));
    }
  }
  return measured;
}

const logDir = new URL('../out/', import.meta.url);
mkdirSync(logDir, { recursive: true });
const started: Server[] = [];
try {
  const bare = await startBare(logDir);
  started.push(bare);
  const peer = await warm(() => fetch(`${bare.base}/`));
  const far = { CPQ_DEV_GATE_LATENCY_MS: String(FAR_MS), CPQ_DEV_D1_LATENCY_MS: String(FAR_MS) };
  const settings = [
    { name: 'near (knobs at 0)', env: { CPQ_DEV_GATE_LATENCY_MS: '0', CPQ_DEV_D1_LATENCY_MS: '0' } },
    { name: `far: object, D1 ${FAR_MS} ms`, env: far },
    { name: `far, D1 replica near`, env: { ...far, CPQ_DEV_D1_REPLICA_LATENCY_MS: '0' } },
  ];
  const results: Measured[] = [];
  for (const setting of settings) {
    const server = await startDev(logDir, setting.env);
    started.push(server);
    results.push(await measureServer(server.base));
    await server.stop();
    started.splice(started.indexOf(server), 1);
  }
  const rows: string[][] = [['bare hono route (peer)', '-', 'warm', fmt3(median(peer)), fmt3(p(peer, 0.9)), String(peer.length)]];
  for (const [i, setting] of settings.entries()) {
    for (const route of ['form', 'calculate'] as const) {
      const w = results[i]!.warm.get(route)!;
      rows.push([route, setting.name, 'warm', fmt3(median(w)), fmt3(p(w, 0.9)), String(w.length)]);
      for (const kind of ['location cached', 'first in location'] as const) {
        const c = results[i]!.cold.get(`${route}|${kind}`)!;
        rows.push([route, setting.name, `cold, ${kind}`, fmt3(median(c)), fmt3(p(c, 0.9)), String(c.length)]);
      }
    }
  }
  section(
    `cold: sequential requests, wrangler dev (local workerd); a cold sample is a new store (${SAMPLES} each)`,
    table(['request', 'setting', 'isolate', 'p50 ms', 'p90 ms', 'n'], rows),
  );
  const near = results[0]!;
  const goals: string[][] = [];
  for (const [i, setting] of settings.entries()) {
    if (i === 0) continue;
    const away = results[i]!;
    for (const route of ['form', 'calculate'] as const) {
      const warmNear = median(near.warm.get(route)!);
      const warmFar = median(away.warm.get(route)!);
      for (const kind of ['location cached', 'first in location'] as const) {
        // What the cold path costs beyond local work, in far round trips.
        const localExtra = median(near.cold.get(`${route}|${kind}`)!) - warmNear;
        const farExtra = median(away.cold.get(`${route}|${kind}`)!) - warmFar;
        const trips = (farExtra - localExtra) / FAR_MS;
        goals.push([route, setting.name, kind, fmt3(farExtra), fmt3(localExtra), trips.toFixed(2), trips <= 1.2 ? '✓' : '✗']);
      }
      const ratio = warmFar / warmNear;
      goals.push([
        route,
        setting.name,
        'warm p50 ÷ near',
        fmt3(warmFar),
        fmt3(warmNear),
        ratio.toFixed(2),
        ratio <= 1.2 ? '✓' : '✗',
      ]);
    }
  }
  section(
    `goals: a cold request takes at most one far round trip (${FAR_MS} ms) more than a warm one; warm p50 far ≤ 1.2× near`,
    table(
      [
        'request',
        'setting',
        'what',
        'cold − warm ms (or warm p50)',
        'near: cold − warm ms (or warm p50)',
        'far round trips (or ratio)',
        '',
      ],
      goals,
    ),
  );
} finally {
  for (const s of started) await s.stop();
}
