// `npm run bench -- walks [--walks N]`: the "random walks over offered options, all priced" (issue 25) on
// the generated large models and the car line's shape (issue 33): N buyers per model (default 5), each choosing an
// option reported available for a random field not yet set until every field is set (every state one configure
// call, in process, asking for the compact answer: the same options offered, no reasons), then priced.
// The walks are shared among worker threads, one per CPU, each walk seeded by its number so a run is replayable
// whatever the number of threads (`--walks 1000`: about 420,000 configure calls on the first two). `--only car`: the
// models whose name holds "car".
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { instantiate } from '../src/lang/instantiate';
import { bigModel, CAR, TRUCK } from '../test/fixtures/big-model';
import { carLine } from '../test/fixtures/car-line';
import { random } from '../test/lang/random';
import { irOf, percentile, walk } from './big-models/walk';
import { fmt3, fmtInt, median, section, table } from './harness';

/** Each model: its source and the seed its walks derive from. */
const SHAPES = {
  '150 × 174': { source: () => bigModel(CAR).source, seed: CAR.seed },
  '270 × 330': { source: () => bigModel(TRUCK).source, seed: TRUCK.seed },
  'car line 268 × 332': { source: () => carLine().source, seed: 268 },
} as const;
type Name = keyof typeof SHAPES;

interface Share {
  name: Name;
  /** The walks of this thread: numbers first, first + step, … below count. */
  first: number;
  step: number;
  count: number;
}
interface Done {
  times: number[];
  maxUnits: number;
  totalUnits: number;
  priced: number;
  incomplete: number;
  walks: number;
}

function runShare({ name, first, step, count }: Share): Done {
  const shape = SHAPES[name];
  const model = instantiate(irOf(shape.source()));
  const out: Done = { times: [], maxUnits: 0, totalUnits: 0, priced: 0, incomplete: 0, walks: 0 };
  for (let w = first; w < count; w += step) {
    const r = walk(model, random(shape.seed * 100_003 + w), 1, { compact: true });
    out.times.push(...r.times);
    out.maxUnits = Math.max(out.maxUnits, r.maxUnits);
    out.totalUnits += r.totalUnits;
    out.priced += r.priced;
    out.incomplete += r.incomplete;
    out.walks++;
  }
  return out;
}

if (!isMainThread) {
  parentPort!.postMessage(runShare(workerData as Share));
} else {
  const walksArg = process.argv.indexOf('--walks');
  const walks = walksArg >= 0 ? Number(process.argv[walksArg + 1]) : process.argv.includes('--quick') ? 2 : 5;
  if (!Number.isInteger(walks) || walks < 1) throw new Error('--walks takes a number of walks');
  const threads = Math.min(availableParallelism(), walks);
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg >= 0 ? process.argv[onlyArg + 1]! : '';
  const rows: string[][] = [];
  for (const name of (Object.keys(SHAPES) as Name[]).filter((n) => n.includes(only))) {
    const started = performance.now();
    const shares = await Promise.all(
      Array.from(
        { length: threads },
        (_, k) =>
          new Promise<Done>((resolve, reject) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: { name, first: k, step: threads, count: walks } });
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      ),
    );
    const times = shares.flatMap((s) => s.times);
    const sum = (key: 'priced' | 'incomplete' | 'walks' | 'totalUnits') => shares.reduce((n, s) => n + s[key], 0);
    rows.push([
      name,
      String(sum('walks')),
      `${sum('priced')} of ${sum('walks')}`,
      String(times.length),
      `${times.length - sum('incomplete')} of ${times.length}`,
      fmt3(median(times)),
      fmt3(percentile(times, 0.99)),
      fmt3(times.reduce((a, b) => Math.max(a, b), 0)),
      fmtInt(Math.max(...shares.map((s) => s.maxUnits))),
      fmtInt(sum('totalUnits')),
      fmt3((performance.now() - started) / 1000),
    ]);
  }
  section(
    `random walks over the options offered, in process, ${threads} threads`,
    table(
      ['model', 'walks', 'priced', 'requests', 'complete', 'p50 ms', 'p99 ms', 'max ms', 'most units', 'units in all', 'seconds'],
      rows,
    ),
  );
}
