// `npm run bench -- car-line-hard-http [--base-url URL] [--quick]`: issue 44 item 4's targets over HTTP, on the car
// line with equipment lists, packs and requires chains (test/fixtures/car-line-hard.ts, 268 fields): saved through
// the admin API, the version's first configure timed, then 150 buyers making 1 choice and 150 making 5 among the
// options offered (the real line's 300 answers), each state one /v1/configure call timed from the client, compact
// and full answers; every last answer counted complete or not, and each option chosen that answers unsatisfiable
// counted as a dead offer when calculate
// refuses it (422). Starts `npm run dev` on a free port unless --base-url names a running one.
import { mkdirSync } from 'node:fs';
import { carLineHard } from '../test/fixtures/car-line-hard';
import { random } from '../test/lang/random';
import { percentile } from './big-models/walk';
import { fmt3, median, section, table } from './harness';
import { call, storeKey } from './http/admin';
import { type Server, startDev } from './http/servers';

const quick = process.argv.includes('--quick');
const BUYERS = quick ? 30 : 150;
const STORE = 'bench-hard';
const baseArg = process.argv.indexOf('--base-url');

interface FieldAnswer {
  id: string;
  value?: unknown;
  options?: { id: string; available: boolean }[];
  available?: string[];
}
type Answer = { complete: boolean; fields: FieldAnswer[] };

const logDir = new URL('out/logs/', import.meta.url);
mkdirSync(logDir, { recursive: true });
const server: Server | undefined = baseArg >= 0 ? undefined : await startDev(logDir);
const base = baseArg >= 0 ? process.argv[baseArg + 1]! : server!.base;
const keys: string[] = [];
try {
  const auth = await storeKey(base, STORE, 'Hard car line', keys);
  const product = `hard-${Date.now()}`;
  const saveStarted = performance.now();
  await call(base, 'PUT', `/api/admin/stores/${STORE}/products/${product}`, [200, 201], { schema: carLineHard().source });
  const saveMs = performance.now() - saveStarted;
  const configure = async (configuration: Record<string, unknown>, ask: object) => {
    const started = performance.now();
    const body = { tenant_id: STORE, product_id: product, configuration, ...ask };
    const { json } = await call(base, 'POST', '/api/v1/configure', [200], body, auth);
    return { ms: performance.now() - started, answer: json as Answer };
  };
  const first = (await configure({}, {})).ms;
  const rows: string[][] = [];
  for (const [name, ask] of [
    ['compact', { compact: true, explain: [] }],
    ['full', {}],
  ] as const) {
    const times: number[] = [];
    let answers = 0;
    let complete = 0;
    let dead = 0;
    for (const depth of [1, 5]) {
      for (let w = 0; w < BUYERS; w++) {
        const next = random(44_000 + depth * 100_000 + w);
        const configuration: Record<string, unknown> = {};
        let { answer } = await configure(configuration, ask);
        for (let step = 0; step < depth; step++) {
          const offered = (f: FieldAnswer) => f.available ?? (f.options ?? []).filter((o) => o.available).map((o) => o.id);
          const open = answer.fields.filter((f) => !(f.id in configuration) && offered(f).length > 0);
          if (open.length === 0) break;
          const f = open[Math.floor(next() * open.length)]!;
          const ids = offered(f);
          const id = ids[Math.floor(next() * ids.length)]!;
          configuration[f.id] = Array.isArray(f.value) ? [id] : id;
          const r = await configure(configuration, ask);
          times.push(r.ms);
          answer = r.answer;
          // An option offered that no configuration completes: calculate (which adjusts the fields not sent to a
          // completion when one exists) refuses it.
          const body = { tenant_id: STORE, product_id: product, configuration };
          if ((await call(base, 'POST', '/api/v1/calculate', [200, 422], body, auth)).res.status !== 200) dead++;
        }
        answers++;
        if (answer.complete) complete++;
      }
    }
    rows.push([
      name,
      fmt3(saveMs),
      fmt3(first),
      String(times.length),
      fmt3(median(times)),
      fmt3(percentile(times, 0.99)),
      `${complete} of ${answers}`,
      String(dead),
    ]);
  }
  section(
    'the hard car line over HTTP (npm run dev): save, first configure of the version, buyers after 1 and 5 choices',
    table(['answer', 'save ms', 'first configure ms', 'requests', 'p50 ms', 'p99 ms', 'complete', 'dead offers'], rows),
  );
} finally {
  for (const id of keys) await call(base, 'DELETE', `/api/admin/stores/${STORE}/api-keys/${id}`, [204]);
  await server?.stop();
}
