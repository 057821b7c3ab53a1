// End to end over HTTP with autocannon: health, the form (200, and 304 on If-None-Match), calculate, next to a
// bare hono route on the same runtime. Then form and calculate again under each admission (leases, the
// per-request hop) with the dev latency knob at 0 and 150 ms (CPQ_DEV_GATE_LATENCY_MS: every Durable Object call
// waits that long, as for a far-away object), counting the requests that waited on the object (the
// X-CPQ-Dev-Gate-Wait header of bench/worker-with-knobs.ts, which `npm run dev` serves when given the knobs, as
// here). Starts `npm run dev` on a free port for each setting unless --base-url names a
// running one (then only that one is measured), and always starts the bare worker; stops what it started.
// Pricing runs on an enterprise store (no rate limit).

import { mkdirSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { fmt3, fmtInt, fmtRatio, section, table } from './harness';
import { type Server, startBare, startDev } from './http/servers';
import { prepare, type Target } from './http/targets';

const WAIT_HEADER = 'x-cpq-dev-gate-wait';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const quick = process.argv.includes('--quick');
const DURATION_S = quick ? 2 : 3;
const CONNECTIONS = 10;

interface Measured {
  result: Result;
  /** Responses of the measured run that say they waited on a Durable Object (dev-only header), and all responses. */
  waited: number;
  seen: number;
}

async function measure(t: Target): Promise<Measured> {
  const url = new URL(t.url);
  let waited = 0;
  let seen = 0;
  let counting = false;
  const request = {
    method: t.method ?? 'GET',
    path: url.pathname + url.search,
    headers: t.headers ?? {},
    ...(t.body ? { body: t.body } : {}),
    onResponse: (_status: number, _body: string, _context: object, headers: Record<string, string | string[]>) => {
      if (!counting) return;
      seen += 1;
      const wait = Object.entries(headers).find(([name]) => name.toLowerCase() === WAIT_HEADER)?.[1];
      if (wait === '1') waited += 1;
    },
  };
  const options = { url: url.origin, connections: CONNECTIONS, requests: [request] };
  await autocannon({ ...options, duration: 1 });
  counting = true;
  const result = await autocannon({ ...options, duration: DURATION_S });
  return { result, waited, seen };
}

function statusText(r: Result): string {
  const statuses = (['2xx', '3xx', '4xx', '5xx'] as const).filter((k) => r[k] > 0).map((k) => `${k} ${fmtInt(r[k])}`);
  if (r.errors + r.timeouts > 0) statuses.push(`errors ${r.errors + r.timeouts}`);
  return statuses.join(', ');
}

const waitedText = (m: Measured) => (m.seen === 0 ? '-' : `${((100 * m.waited) / m.seen).toFixed(1)} %`);

interface Setting {
  admission: 'lease' | 'hop';
  latencyMs: number;
}
const SETTINGS: Setting[] = [
  { admission: 'lease', latencyMs: 0 },
  { admission: 'lease', latencyMs: 150 },
  { admission: 'hop', latencyMs: 0 },
  { admission: 'hop', latencyMs: 150 },
];
const settingName = (s: Setting) => `${s.admission}, ${s.latencyMs} ms`;

const logDir = new URL('../out/', import.meta.url);
mkdirSync(logDir, { recursive: true });
const started: Server[] = [];
/** The keys this run created, revoked at the end so that runs do not pile up live keys in the dev store. */
const revoke: (() => Promise<unknown>)[] = [];
try {
  const given = arg('--base-url')?.replace(/\/+$/, '');
  const bare = await startBare(logDir);
  started.push(bare);
  const floor = await measure({ name: 'bare hono route (floor)', url: `${bare.base}/` });
  const floorRate = floor.result.requests.average;

  const firstRows: string[][] = [
    [
      'bare hono route (floor)',
      fmtInt(floorRate),
      fmt3(floor.result.latency.p50),
      fmt3(floor.result.latency.p99),
      fmtRatio(1),
      statusText(floor.result),
    ],
  ];
  const sideRows: string[][] = [];
  const p50 = new Map<string, number>();
  const waits = new Map<string, Measured>();
  for (const setting of given === undefined ? SETTINGS : [null]) {
    const label = setting ? settingName(setting) : 'as running';
    let server: Server | undefined;
    if (setting) {
      server = await startDev(logDir, { CPQ_ADMISSION: setting.admission, CPQ_DEV_GATE_LATENCY_MS: String(setting.latencyMs) });
      started.push(server);
    }
    const base = server?.base ?? (given as string);
    const { api, others } = await prepare(base, revoke);
    const first = sideRows.length === 0;
    for (const t of first ? [...others, ...api] : api) {
      const m = await measure(t);
      const r = m.result;
      if (first)
        firstRows.push([
          t.name,
          fmtInt(r.requests.average),
          fmt3(r.latency.p50),
          fmt3(r.latency.p99),
          fmtRatio(floorRate / r.requests.average),
          statusText(r),
        ]);
      if (api.includes(t)) {
        sideRows.push([
          t.name,
          label,
          fmtInt(r.requests.average),
          fmt3(r.latency.p50),
          fmt3(r.latency.p99),
          waitedText(m),
          fmtRatio(r.requests.average / floorRate),
          statusText(r),
        ]);
        p50.set(`${t.name}|${label}`, r.latency.p50);
        waits.set(`${t.name}|${label}`, m);
      }
    }
    // Keys go before the server that holds them stops; the next server shares the same local storage.
    for (const r of revoke.splice(0)) await r();
    if (server) {
      await server.stop();
      started.splice(started.indexOf(server), 1);
    }
  }
  section(
    `http: ${CONNECTIONS} connections, ${DURATION_S} s per row after 1 s of warm-up (wrangler dev, local workerd; ${given ? 'the running server' : 'leases, knob at 0 ms'})`,
    table(['request', 'req/s', 'p50 ms', 'p99 ms', 'time vs floor', 'responses'], firstRows),
  );
  sideRows.sort((a, b) => (a[0] === b[0] ? 0 : (a[0] ?? '') < (b[0] ?? '') ? -1 : 1));
  section(
    'admission side by side: CPQ_ADMISSION (lease = leases held in the isolate, hop = a Durable Object call per request) and CPQ_DEV_GATE_LATENCY_MS',
    table(
      ['request', 'admission, knob', 'req/s', 'p50 ms', 'p99 ms', 'waited on the object', 'throughput vs floor', 'responses'],
      sideRows,
    ),
  );
  if (given === undefined) {
    const goals: string[][] = [];
    for (const t of ['GET form (200)', 'GET form (304, If-None-Match)', 'POST calculate']) {
      const near = p50.get(`${t}|lease, 0 ms`) ?? NaN;
      const far = p50.get(`${t}|lease, 150 ms`) ?? NaN;
      const farWaits = waits.get(`${t}|lease, 150 ms`);
      const share = farWaits && farWaits.seen > 0 ? farWaits.waited / farWaits.seen : NaN;
      goals.push([
        t,
        fmtRatio(far / near),
        far <= 1.2 * near ? '✓' : '✗',
        `${(100 * share).toFixed(1)} %`,
        share <= 0.05 ? '✓' : '✗',
      ]);
    }
    section(
      'goals with leases at 150 ms: p50 ≤ 1.2× the p50 at 0 ms; ≤ 5 % of requests wait on the object',
      table(['request', 'p50 150 ms ÷ 0 ms', '', 'waited', ''], goals),
    );
  }
} finally {
  for (const r of revoke) await r();
  for (const s of started) await s.stop();
}
