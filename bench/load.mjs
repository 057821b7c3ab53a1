#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
// Load test of POST /api/v1/calculate against a running `npm run dev`: a pro store (rate limited: 429 once 300
// requests are spent in a minute) side by side with an enterprise store (unlimited). Each run creates its own
// two stores, keys and product copy, so runs never share a budget. One probe request per store comes first (so
// the pro row shows 299 successes at most). Against `npm run dev` the 'waited' column counts the responses that
// waited on a Durable Object (the X-CPQ-Dev-Gate-Wait header of bench/worker-with-knobs.ts, which `npm run dev`
// serves when started with CPQ_DEV_GATE_LATENCY_MS=150 or CPQ_ADMISSION=hop|lease).
//
//   node bench/load.mjs [BASE_URL] [--product pvc-window] [--schema examples/pvc-window.cpq] [--configuration '{}']
//                       [--duration 10] [--connections 50] [--admin-token T]
//
// BASE_URL defaults to $BASE_URL or http://127.0.0.1:8787; the admin token to $ADMIN_TOKEN or dev-admin-token.
import autocannon from 'autocannon';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    product: { type: 'string', default: 'pvc-window' },
    schema: { type: 'string' },
    configuration: { type: 'string', default: '{}' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'admin-token': { type: 'string', default: process.env.ADMIN_TOKEN ?? 'dev-admin-token' },
  },
});

const base = (positionals[0] ?? process.env.BASE_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const schemaPath = opts.schema ?? `examples/${opts.product}.cpq`;

function fail(message) {
  console.error(`load: ${message}`);
  process.exit(1);
}

if (!(duration > 0) || !(connections > 0)) fail('--duration and --connections must be positive numbers');
let configuration;
try {
  configuration = JSON.parse(opts.configuration);
} catch (err) {
  fail(`--configuration is not JSON: ${err.message}`);
}
let schema;
try {
  schema = readFileSync(schemaPath, 'utf8');
} catch (err) {
  fail(`cannot read the product schema ${schemaPath} (${err.code ?? err.message}); pass --schema PATH`);
}

/** One request that must succeed with `expected`; anything else ends the script, saying what came back. */
async function call(method, path, { body, headers = {}, expected }) {
  let res;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    fail(`${method} ${path}: ${err.cause?.message ?? err.message} (is \`npm run dev\` running on ${base}?)`);
  }
  const text = await res.text();
  if (!expected.includes(res.status))
    fail(`${method} ${path}: expected ${expected.join(' or ')}, got ${res.status}: ${text.slice(0, 500)}`);
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    fail(`${method} ${path}: answer is not JSON: ${text.slice(0, 200)}`);
  }
}

const admin = { Authorization: `Bearer ${opts['admin-token']}` };
const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function storeWithKey(plan) {
  const id = `bench-${plan}-${runId}`;
  await call('POST', '/api/admin/stores', {
    headers: admin,
    body: { id, name: `Load test ${plan} ${runId}`, plan },
    expected: [201],
  });
  await call('PUT', `/api/admin/stores/${id}/products/${encodeURIComponent(opts.product)}`, {
    headers: admin,
    body: { schema },
    expected: [200, 201],
  });
  const { key } = await call('POST', `/api/admin/stores/${id}/api-keys`, {
    headers: admin,
    body: { name: 'load test', permissions: ['calculate'] },
    expected: [201],
  });
  if (typeof key !== 'string') fail(`POST /api/admin/stores/${id}/api-keys returned no key`);
  return { id, key };
}

const calculateBody = (storeId) => JSON.stringify({ tenant_id: storeId, product_id: opts.product, configuration });

/** A single request first, so a misconfiguration shows its error body instead of thousands of silent failures. */
async function probe(store) {
  const res = await fetch(`${base}/api/v1/calculate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': store.key },
    body: calculateBody(store.id),
  });
  const text = await res.text();
  if (!res.ok) console.warn(`warning: probe for ${store.id} answered ${res.status}: ${text.slice(0, 300)}`);
}

function load(store) {
  const waits = { seen: 0, waited: 0 };
  const onResponse = (_status, _body, _context, headers) => {
    const wait = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-cpq-dev-gate-wait')?.[1];
    if (wait === undefined) return;
    waits.seen += 1;
    if (wait === '1') waits.waited += 1;
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/calculate',
            headers: { 'Content-Type': 'application/json', 'X-API-Key': store.key },
            body: calculateBody(store.id),
            onResponse,
          },
        ],
        duration,
        connections,
      },
      (err, result) => (err ? reject(err) : resolve({ ...result, waits })),
    );
  });
}

/** One table row as [column, value] pairs: an object would put the numeric column name '429' first. */
function row(label, r) {
  const byStatus = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [Number(code), s.count]);
  const count = (test) => byStatus.filter(([code]) => test(code)).reduce((sum, [, n]) => sum + n, 0);
  const unexpected = byStatus.filter(([code]) => code >= 300 && code !== 429);
  return [
    ['run', label],
    ['requests', r.requests.total],
    ['2xx', count((c) => c >= 200 && c < 300)],
    ['429', count((c) => c === 429)],
    ['failed', count((c) => c >= 300 && c !== 429) + r.errors + r.timeouts],
    ['req/s', Math.round(r.requests.average)],
    ['p50 ms', r.latency.p50],
    ['p99 ms', r.latency.p99],
    ['waited', r.waits.seen === 0 ? '-' : `${((100 * r.waits.waited) / r.waits.seen).toFixed(1)} %`],
    [
      'failures',
      [
        ...unexpected.map(([code, n]) => `${n}× ${code}`),
        ...(r.errors ? [`${r.errors} connection errors`] : []),
        ...(r.timeouts ? [`${r.timeouts} timeouts`] : []),
      ].join(', ') || '-',
    ],
  ];
}

function printTable(rows) {
  const columns = rows[0].map(([name]) => name);
  const cells = rows.map((r) => r.map(([, value]) => String(value)));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((line) => line[i].length)));
  const text = (i) => i === 0 || i === columns.length - 1;
  const line = (values) => `| ${values.map((v, i) => (text(i) ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w, i) => (text(i) ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

await call('GET', '/api/health', { expected: [200] });
console.log(`Setting up run ${runId} on ${base} (product ${opts.product})`);
const pro = await storeWithKey('pro');
const enterprise = await storeWithKey('enterprise');
await probe(pro);
await probe(enterprise);

const results = [];
for (const [label, store] of [
  ['pro (300/min, limited)', pro],
  ['enterprise (unlimited)', enterprise],
]) {
  console.log(`Running ${label}: ${connections} connections for ${duration} s`);
  try {
    results.push(row(label, await load(store)));
  } catch (err) {
    fail(`autocannon failed for ${label}: ${err.message}`);
  }
}
console.log('');
printTable(results);
const enterpriseOk = Object.fromEntries(results[1])['2xx'];
if (enterpriseOk === 0) fail('no enterprise request succeeded: see the warning above for what the API answered');
