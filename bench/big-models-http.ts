// `npm run bench -- big-models-http`: configure on the generated large models (issue 25) and the car line's shape
// (issue 33, test/fixtures/car-line.ts) as a storefront calls it,
// over HTTP against `npm run dev` (workerd, local D1, KV and Durable Objects): each model saved through the admin
// API (the save's analysis timed), then buyers walking it through the options /v1/configure offers, one request at
// a time, every state timed from the client (the request's whole time in workerd plus localhost HTTP: an upper
// bound of its CPU time, which workerd does not expose locally), each walk priced by /v1/calculate at its end; first
// the floor: the same requests on a small example, whose engine costs nothing next to the path.
// Starts `npm run dev` on a free port unless --base-url names a running one; stops what it started.
import { mkdirSync, readFileSync } from 'node:fs';
import { bigModel, CAR, TRUCK } from '../test/fixtures/big-model';
import { carLine } from '../test/fixtures/car-line';
import { random } from '../test/lang/random';
import { percentile } from './big-models/walk';
import { EXAMPLES_DIR } from './examples';
import { fmt3, median, section, table } from './harness';
import { call, storeKey } from './http/admin';
import { type Server, startDev } from './http/servers';

const quick = process.argv.includes('--quick');
const WALKS = quick ? 1 : 3;
const STORE = 'bench-big';
const baseArg = process.argv.indexOf('--base-url');

interface OptionState {
  id: string;
  available: boolean;
}
interface FieldAnswer {
  id: string;
  options?: OptionState[];
  available?: string[];
}

/** The answers walked: the full one, and the compact one the configurator asks for on a large model. */
const ANSWERS = [
  ['full', {}],
  ['compact', { compact: true, explain: [] }],
] as const;

/** Requests of the floor row: an example product's configure, the same path with an engine that costs nothing. */
const FLOOR_REQUESTS = quick ? 50 : 200;

/** The path's own time: configure of a small example (office-desk, 13 choice fields) on nothing set, repeated. */
async function floor(base: string, auth: Record<string, string>): Promise<string[]> {
  const schema = readFileSync(new URL('office-desk.cpq', EXAMPLES_DIR), 'utf8');
  await call(base, 'PUT', `/api/admin/stores/${STORE}/products/small`, [200, 201], { schema });
  const body = { tenant_id: STORE, product_id: 'small', configuration: {} };
  const times: number[] = [];
  for (let k = 0; k < FLOOR_REQUESTS + 5; k++) {
    const started = performance.now();
    await call(base, 'POST', '/api/v1/configure', [200], body, auth);
    if (k >= 5) times.push(performance.now() - started);
  }
  return [
    'office-desk (the floor)',
    'full',
    '',
    '',
    String(times.length),
    fmt3(median(times)),
    fmt3(percentile(times, 0.99)),
    '',
    '',
  ];
}

const logDir = new URL('out/logs/', import.meta.url);
mkdirSync(logDir, { recursive: true });
const server: Server | undefined = baseArg >= 0 ? undefined : await startDev(logDir);
const base = baseArg >= 0 ? process.argv[baseArg + 1]! : server!.base;
const keys: string[] = [];
try {
  const auth = await storeKey(base, STORE, 'Big models', keys);
  const rows: string[][] = [await floor(base, auth)];
  for (const [name, product, source, seed] of [
    ['150 × 174', 'big-150', bigModel(CAR).source, CAR.seed],
    ['270 × 330', 'big-270', bigModel(TRUCK).source, TRUCK.seed],
    ['car line 268 × 332', 'car-line', carLine().source, 268],
  ] as const) {
    const saveStarted = performance.now();
    await call(base, 'PUT', `/api/admin/stores/${STORE}/products/${product}`, [200, 201], { schema: source });
    const saveMs = performance.now() - saveStarted;
    const configure = async (configuration: Record<string, string>, ask: object) => {
      const started = performance.now();
      const body = { tenant_id: STORE, product_id: product, configuration, ...ask };
      const { json } = await call(base, 'POST', '/api/v1/configure', [200], body, auth);
      return { ms: performance.now() - started, answer: json as { complete: boolean; fields: FieldAnswer[] } };
    };
    // The isolate's first request builds and settles the version's tables: timed apart.
    const first = (await configure({}, {})).ms;
    for (const [answerName, ask] of ANSWERS) {
      const next = random(seed + 7);
      const times: number[] = [];
      let complete = 0;
      let priced = 0;
      for (let w = 0; w < WALKS; w++) {
        const configuration: Record<string, string> = {};
        for (;;) {
          const { ms, answer } = await configure(configuration, ask);
          times.push(ms);
          if (answer.complete) complete++;
          const open = answer.fields.filter((f) => (f.options ?? f.available) !== undefined && !(f.id in configuration));
          if (open.length === 0) break;
          const f = open[Math.floor(next() * open.length)]!;
          const offered = f.available ?? f.options!.filter((o) => o.available).map((o) => o.id);
          if (offered.length === 0) break;
          configuration[f.id] = offered[Math.floor(next() * offered.length)]!;
        }
        const body = { tenant_id: STORE, product_id: product, configuration };
        if ((await call(base, 'POST', '/api/v1/calculate', [200, 422], body, auth)).res.status === 200) priced++;
      }
      rows.push([
        name,
        answerName,
        fmt3(saveMs),
        fmt3(first),
        String(times.length),
        fmt3(median(times)),
        fmt3(percentile(times, 0.99)),
        `${complete} of ${times.length}`,
        `${priced} of ${WALKS}`,
      ]);
    }
  }
  section(
    'big models over HTTP (npm run dev): save, first configure of the version, then buyers walking it (one request at a time)',
    table(['model', 'answer', 'save ms', 'first configure ms', 'requests', 'p50 ms', 'p99 ms', 'complete', 'walks priced'], rows),
  );
} finally {
  for (const id of keys) await call(base, 'DELETE', `/api/admin/stores/${STORE}/api-keys/${id}`, [204]);
  await server?.stop();
}
