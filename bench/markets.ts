// A warm calculate priced in a market with a price list against today's (issue 45 item 6: within 5 %), side by
// side against one `npm run dev`: the same pvc-window configuration in a store without markets and in a store
// whose default market prices it with a list derived from the model (×1.1, to 0.05). The two alternate round by
// round, so the machine's load weighs on both alike; each round reports throughput, p50 and the server's CPU per
// request (wrangler and workerd, as the kernel counts it), and the medians are compared.
//
// `npm run bench -- markets [--rounds N] [--seconds S]`: starts the service on free ports and stops it.

import { readFileSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { WORKLOADS } from './calculate/configs';
import { EXAMPLES_DIR } from './examples';
import { fmtInt, section, table } from './harness';
import { call } from './http/admin';
import { groupCpuUs, type Server, startDev } from './http/servers';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
};
const ROUNDS = Number(arg('--rounds', '6'));
const SECONDS = Number(arg('--seconds', '3'));
const CONNECTIONS = 10;
const PRODUCT = 'pvc-window';

interface Side {
  name: string;
  store: string;
  key: string;
  body: string;
}

/** A store with pvc-window and a key; `markets`: a list derived from the model and a default market using it. */
async function side(base: string, name: string, store: string, markets: boolean): Promise<Side> {
  await call(base, 'POST', '/api/admin/stores', [201, 409], { id: store, name, plan: 'enterprise' });
  const schema = readFileSync(new URL(`${PRODUCT}.cpq`, EXAMPLES_DIR), 'utf8');
  await call(base, 'PUT', `/api/admin/stores/${store}/products/${PRODUCT}`, [200, 201], { schema });
  if (markets) {
    const list = { id: 'eur-bench', name: 'Bench list', currency: 'EUR', factor: '1.1', rounding: '0.05' };
    await call(base, 'POST', `/api/admin/stores/${store}/price-lists`, [201, 409], list);
    const market = {
      id: 'de',
      name: 'Germany',
      currency: 'EUR',
      countries: ['DE'],
      tax: { rate: '19', prices: 'gross' },
      default: true,
      price_lists: [{ group: 'retail', list: 'eur-bench' }],
    };
    await call(base, 'POST', `/api/admin/stores/${store}/markets`, [201, 409], market);
  }
  const made = await call(base, 'POST', `/api/admin/stores/${store}/api-keys`, [201], {
    name: `bench ${new Date().toISOString()}`,
    permissions: ['calculate'],
  });
  const order = WORKLOADS[PRODUCT]?.orders[0];
  const request = {
    tenant_id: store,
    product_id: PRODUCT,
    configuration: order?.configuration,
    quantity: order?.quantity,
    lang: 'en',
    ...(markets ? { market: 'de' } : {}),
  };
  const key = made.json?.key as string;
  const answer = await call(base, 'POST', '/api/v1/calculate', [200], request, { 'X-API-Key': key });
  const pricing = answer.json?.pricing as { list: unknown } | undefined;
  if (markets !== (pricing?.list != null)) throw new Error(`${name}: priced with ${JSON.stringify(pricing)}`);
  return { name, store, key, body: JSON.stringify(request) };
}

const requestsOf = (r: Result) => r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];

async function round(server: Server, s: Side, duration: number) {
  const cpuBefore = groupCpuUs(server.group);
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/calculate',
        headers: { 'X-API-Key': s.key, 'Content-Type': 'application/json' },
        body: s.body,
      },
    ],
  });
  const requests = requestsOf(result);
  if (result['2xx'] !== requests) throw new Error(`${s.name}: ${requests - result['2xx']} answers were not 2xx`);
  return { rate: result.requests.average, p50: result.latency.p50, cpuUs: (groupCpuUs(server.group) - cpuBefore) / requests };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

let server: Server | undefined;
try {
  server = await startDev(new URL('../out/', import.meta.url));
  const today = await side(server.base, 'today (no markets)', 'bench-plain', false);
  const market = await side(server.base, 'market + list', 'bench-markets', true);
  for (const s of [today, market]) await round(server, s, 1);
  const rows: { today: Awaited<ReturnType<typeof round>>; market: Awaited<ReturnType<typeof round>> }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which goes first, so neither always follows the other's garbage.
    const first = i % 2 === 0 ? today : market;
    const second = first === today ? market : today;
    const a = await round(server, first, SECONDS);
    const b = await round(server, second, SECONDS);
    rows.push(first === today ? { today: a, market: b } : { today: b, market: a });
  }
  const m = (pick: (r: (typeof rows)[number]) => number) => median(rows.map(pick));
  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
  section(
    `markets: warm POST /v1/calculate (pvc-window), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each side, alternating`,
    table(
      ['round', 'today req/s', 'market req/s', 'today p50 ms', 'market p50 ms', 'today CPU µs/req', 'market CPU µs/req'],
      [
        ...rows.map((r, i) => [
          String(i + 1),
          fmtInt(r.today.rate),
          fmtInt(r.market.rate),
          String(r.today.p50),
          String(r.market.p50),
          fmtInt(r.today.cpuUs),
          fmtInt(r.market.cpuUs),
        ]),
        [
          'median',
          fmtInt(m((r) => r.today.rate)),
          fmtInt(m((r) => r.market.rate)),
          String(m((r) => r.today.p50)),
          String(m((r) => r.market.p50)),
          fmtInt(m((r) => r.today.cpuUs)),
          fmtInt(m((r) => r.market.cpuUs)),
        ],
      ],
    ),
  );
  console.log(
    `market + list against today: throughput ${ratio(
      m((r) => r.market.rate),
      m((r) => r.today.rate),
    )}, server CPU per request ${ratio(
      m((r) => r.market.cpuUs),
      m((r) => r.today.cpuUs),
    )} (goal: CPU within 105 %, throughput at least 95 %)`,
  );
} finally {
  await server?.stop();
}
