// Shards (issue 48, item 5): a store's request pays nothing for the directory. Keyed POST calculate, warm and cold
// (an isolate that has never served the store: a new store with its own key; its version in the location's cache,
// or first in the location), sequential, with the store's Durable Object and D1 near (knobs at 0) and far (150 ms
// each, bench/knobs.ts; replicas as far), side by side:
// - today: the service before shards (the merge base with main, or `--base <rev>`), one database, extracted into
//   bench/out/base-tree with git archive and this tree's node_modules;
// - shards, a store in shard 0 and a store in shard 1 (DB_1): this tree, two databases.
// Each server is `npm run dev` of its tree (bench/http/servers.ts).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WORKLOADS } from './calculate/configs';
import { EXAMPLES_DIR } from './examples';
import { fmt3, median, section, table } from './harness';
import { call, timed } from './http/admin';
import { type Server, startDev } from './http/servers';

const quick = process.argv.includes('--quick');
const SAMPLES = quick ? 4 : 10;
const WARM = quick ? 40 : 100;
const FAR_MS = 150;
const PRODUCT = 'pvc-window';
const SOURCE = readFileSync(new URL(`${PRODUCT}.cpq`, EXAMPLES_DIR), 'utf8');
const ORDER = WORKLOADS[PRODUCT]?.orders[0];
// Bundled into bench/out/ (bench/run.mjs): the repository is two levels up.
const root = fileURLToPath(new URL('../../', import.meta.url));
const baseAt = process.argv.indexOf('--base');
const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
const baseRev = baseAt >= 0 ? process.argv[baseAt + 1]! : git('merge-base', 'HEAD', 'main').stdout.trim();

/** The tree at `rev` beside this one, sharing its node_modules. */
function baseTree(): string {
  const dir = fileURLToPath(new URL('../out/base-tree/', import.meta.url));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive ${baseRev} | tar -x -C ${dir}`], { cwd: root });
  if (archive.status !== 0) throw new Error(`git archive ${baseRev} failed`);
  if (!existsSync(`${dir}node_modules`)) symlinkSync(`${root}node_modules`, `${dir}node_modules`);
  return dir;
}

let stores = 0;
const runId = Date.now().toString(36);

/** A new enterprise store with a key and the product, in `shard` when given (a tree with shards). */
async function newStore(base: string, source: string, shard?: number) {
  stores += 1;
  const store = `shards-${runId}-${stores}`;
  await call(base, 'POST', '/api/admin/stores', [201], {
    id: store,
    name: store,
    plan: 'enterprise',
    ...(shard === undefined ? {} : { shard }),
  });
  const created = await call(base, 'POST', `/api/admin/stores/${store}/api-keys`, [201], {
    name: 'bench',
    permissions: ['calculate'],
  });
  await call(base, 'PUT', `/api/admin/stores/${store}/products/${PRODUCT}`, [201], { schema: source });
  const key = String(created.json?.key);
  const body = JSON.stringify({
    tenant_id: store,
    product_id: PRODUCT,
    configuration: ORDER?.configuration,
    quantity: ORDER?.quantity,
  });
  const headers = { 'X-API-Key': key, 'Content-Type': 'application/json' };
  return () => fetch(`${base}/api/v1/calculate`, { method: 'POST', headers, body });
}

/** Warm p50 and the two cold kinds' p50, for stores placed in `shard`. */
async function measure(base: string, shard?: number): Promise<number[]> {
  const seed = await newStore(base, SOURCE, shard);
  for (let i = 0; i < 10; i++) await timed(seed);
  const warm: number[] = [];
  for (let i = 0; i < WARM; i++) warm.push(await timed(seed));
  const cold = async (fresh: boolean) => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++)
      times.push(await timed(await newStore(base, fresh ? `// ${crypto.randomUUID()}\n${SOURCE}` : SOURCE, shard)));
    return times;
  };
  return [median(warm), median(await cold(false)), median(await cold(true))];
}

const logDir = new URL('../out/', import.meta.url);
mkdirSync(logDir, { recursive: true });
const settings = [
  { name: 'near (knobs at 0)', env: { CPQ_DEV_GATE_LATENCY_MS: '0', CPQ_DEV_D1_LATENCY_MS: '0' } },
  {
    name: `far: object, D1 ${FAR_MS} ms`,
    env: { CPQ_DEV_GATE_LATENCY_MS: String(FAR_MS), CPQ_DEV_D1_LATENCY_MS: String(FAR_MS) },
  },
];
const today = baseTree();
const rows: string[][] = [];
let running: Server | undefined;
try {
  for (const setting of settings) {
    running = await startDev(logDir, setting.env, today);
    const before = await measure(running.base);
    await running.stop();
    running = await startDev(logDir, setting.env);
    const [zero, one] = [await measure(running.base, 0), await measure(running.base, 1)];
    await running.stop();
    running = undefined;
    for (const [i, what] of ['warm', 'cold, location cached', 'cold, first in location'].entries()) {
      const worst = Math.max(zero[i]!, one[i]!) - before[i]!;
      rows.push([setting.name, what, fmt3(before[i]!), fmt3(zero[i]!), fmt3(one[i]!), `${worst >= 0 ? '+' : ''}${fmt3(worst)}`]);
    }
  }
} finally {
  await running?.stop();
}
section(
  `shards: POST calculate p50 ms, sequential, wrangler dev; today = ${baseRev.slice(0, 7)} (one database); ${WARM} warm, ${SAMPLES} cold samples each`,
  table(['setting', 'isolate', 'today', 'shards: store in 0', 'store in 1 (DB_1)', 'worst − today'], rows),
);
