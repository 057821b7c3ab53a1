// Where a request's CPU goes inside workerd: drives each kind of request in turn (the bare hono route, health, a
// form refused by its key's permissions, the form, calculate) with autocannon, first alone and then while the
// worker's V8 sampling profiler runs (Chrome DevTools Protocol through wrangler's inspector port), and reports per
// request the server's CPU as the kernel counts it, the worker's busy time as the profile samples it, and the
// profile's heaviest functions and modules. Shares within a profile move far less with the machine's load than
// throughput does.
//
// `npm run bench -- profile-http [--seconds N] [--interval µs] [--only name,…] [--top N] [--warmup s]`: starts the bare worker
// and `npm run dev` (the production worker: leases, no knobs) on free ports and stops them; each profile is also written to
// bench/out/profiles/http-<name>.cpuprofile (open it in Chrome DevTools, Performance).

import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { WebSocket } from 'undici';
import { fmtInt, section, table } from './harness';
import { type Profile, summarise } from './http/cpu-profile';
import { groupCpuUs, type Server, startBare, startDev } from './http/servers';
import { prepare, type Target } from './http/targets';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
};
const SECONDS = Number(arg('--seconds', '4'));
const INTERVAL_US = Number(arg('--interval', '100'));
const TOP = Number(arg('--top', '25'));
const WARMUP_S = Number(arg('--warmup', '3'));
const ONLY = arg('--only', '').split(',').filter(Boolean);
const CONNECTIONS = 10;

/** One DevTools session on the worker: commands by id, answers matched to them. */
async function inspect(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no worker behind inspector port ${port}`);
  // wrangler's inspector proxy refuses a handshake without an Origin it knows: its own address is one.
  const ws = new WebSocket(url, { headers: { origin: `http://127.0.0.1:${port}` } });
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  const waiting = new Map<number, (v: { result?: unknown; error?: unknown }) => void>();
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data)) as { id?: number; result?: unknown; error?: unknown };
    if (m.id !== undefined) waiting.get(m.id)?.(m);
  });
  let next = 0;
  const send = async <T>(method: string, params: object = {}): Promise<T> => {
    const id = ++next;
    const answer = new Promise<{ result?: unknown; error?: unknown }>((r) => waiting.set(id, r));
    ws.send(JSON.stringify({ id, method, params }));
    const m = await answer;
    waiting.delete(id);
    if (m.error) throw new Error(`${method}: ${JSON.stringify(m.error)}`);
    return m.result as T;
  };
  return { send, close: () => ws.close() };
}

const us = (n: number) => (n >= 100 ? fmtInt(n) : n.toFixed(1));

async function profileTarget(server: Server, t: Target, slug: string) {
  const url = new URL(t.url);
  const request = {
    method: t.method ?? 'GET',
    path: url.pathname + url.search,
    headers: t.headers ?? {},
    ...(t.body ? { body: t.body } : {}),
  };
  const options = { url: url.origin, connections: CONNECTIONS, requests: [request] };
  await autocannon({ ...options, duration: WARMUP_S });
  // The server's CPU per request without the profiler, then again with it, which slows the worker down.
  let cpuBefore = groupCpuUs(server.group);
  const plain = await autocannon({ ...options, duration: SECONDS });
  const plainCpuUs = (groupCpuUs(server.group) - cpuBefore) / requestsOf(plain);
  const { send, close } = await inspect(server.inspector);
  try {
    await send('Profiler.enable');
    await send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
    cpuBefore = groupCpuUs(server.group);
    await send('Profiler.start');
    const result = await autocannon({ ...options, duration: SECONDS });
    const { profile } = await send<{ profile: Profile }>('Profiler.stop');
    const requests = requestsOf(result);
    const cpuUs = (groupCpuUs(server.group) - cpuBefore) / requests;
    mkdirSync('bench/out/profiles', { recursive: true });
    writeFileSync(`bench/out/profiles/http-${slug}.cpuprofile`, JSON.stringify(profile));
    // Only now, for the scripts' sources: with the debugger on, V8 does more for each exception and promise.
    await send('Debugger.enable');
    const summary = await summarise(profile, send);
    await send('Profiler.disable');
    await send('Debugger.disable');
    return { t, requests, rate: plain.requests.average, plainCpuUs, cpuUs, summary, statuses: statusesOf(plain) };
  } finally {
    close();
  }
}

const CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
const requestsOf = (r: Result) => CLASSES.reduce((n, k) => n + r[k], 0);

function statusesOf(r: Result): string {
  return CLASSES.filter((k) => r[k] > 0)
    .map((k) => `${k} ${fmtInt(r[k])}`)
    .join(', ');
}

const started: Server[] = [];
const revoke: (() => Promise<unknown>)[] = [];
try {
  // The bare route first, before the service's server starts: its start-up (seeding, the bundler's watch) would
  // share the CPUs with it.
  const bare = await startBare(new URL('../out/', import.meta.url));
  started.push(bare);
  const runs = [];
  if (ONLY.length === 0 || ONLY.includes('bare'))
    runs.push(await profileTarget(bare, { name: 'bare hono route', url: `${bare.base}/` }, 'bare'));
  const dev = await startDev(new URL('../out/', import.meta.url));
  started.push(dev);
  const { api, others } = await prepare(dev.base, revoke);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const plan: [string, Target][] = [
    ['health', others[0] as Target],
    ['403', others[1] as Target],
    ['form', api[0] as Target],
    ['calculate', api[2] as Target],
  ];
  for (const [slug, t] of plan) if (ONLY.length === 0 || ONLY.includes(slug)) runs.push(await profileTarget(dev, t, slug));
  section(
    `profile-http: ${CONNECTIONS} connections, ${SECONDS} s profiled per row after ${WARMUP_S} s of warm-up, sampling every ${INTERVAL_US} µs`,
    table(
      [
        'request',
        'req/s',
        'server CPU µs/request',
        'profiled: server CPU µs/request',
        'worker µs/request (profile)',
        'responses',
      ],
      runs.map((r) => [r.t.name, fmtInt(r.rate), us(r.plainCpuUs), us(r.cpuUs), us(r.summary.busyUs / r.requests), r.statuses]),
    ),
  );
  for (const r of runs) {
    const per = (n: number) => us(n / r.requests);
    const share = (n: number) => `${((100 * n) / r.summary.busyUs).toFixed(1)} %`;
    const top = (map: Map<string, { self: number; total: number }>, key: 'self' | 'total') =>
      [...map.entries()]
        .sort((a, b) => b[1][key] - a[1][key])
        .slice(0, TOP)
        .map(([name, e]) => [name, per(e.self), share(e.self), per(e.total), share(e.total)]);
    const headers = ['', 'self µs/req', 'self', 'total µs/req', 'total'];
    section(`${r.t.name}: modules by self time`, table(['module', ...headers.slice(1)], top(r.summary.modules, 'self')));
    section(`${r.t.name}: functions by self time`, table(['function', ...headers.slice(1)], top(r.summary.functions, 'self')));
    section(`${r.t.name}: functions by total time`, table(['function', ...headers.slice(1)], top(r.summary.functions, 'total')));
  }
} finally {
  for (const r of revoke) await r();
  for (const s of started) await s.stop();
}
