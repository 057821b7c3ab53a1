// Memory retained per cached product (run with node --expose-gc): the heap grown by N copies of each example's
// model built from its JSON IR, as products/loaded.ts builds them, divided by N; next to the source and IR sizes.
import { instantiate, type Model } from '../src/lang/instantiate';
import { WORKLOADS } from './calculate/configs';
import { loadExamples } from './examples';
import { fmtInt, section, table } from './harness';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

const COPIES = 200;

/** Heap bytes retained per element of what `make` returns (all elements kept alive until measured). */
function retainedEach<T>(make: (i: number) => T): number {
  gc?.();
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept: T[] = [];
  for (let i = 0; i < COPIES; i++) kept.push(make(i));
  gc?.();
  gc?.();
  const after = process.memoryUsage().heapUsed;
  // Reading `kept` after the measurement keeps it alive through it.
  return (after - before) / kept.length;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

const rows: string[][] = [];
let total = 0;
for (const example of loadExamples()) {
  const json = JSON.stringify(example.ir);
  const order = WORKLOADS[example.id]?.orders[0];
  // The first evaluation needs a configuration that prices; the configurator examples of issue 12 have none yet.
  if (!order) {
    console.log(`(examples/${example.id}.cpq has no workload in bench/calculate/configs.ts: left out)`);
    continue;
  }
  const parsed = retainedEach(() => JSON.parse(json) as unknown);
  const model = retainedEach(() => instantiate(JSON.parse(json)));
  // The first evaluation in a language also caches that language's labels and messages in the model.
  const evaluated = retainedEach((): Model => {
    const m = instantiate(JSON.parse(json));
    m.evaluate({ configuration: order.configuration, quantity: order.quantity, lang: 'en' });
    return m;
  });
  total += evaluated;
  rows.push([
    example.id,
    fmtInt(Buffer.byteLength(example.source)),
    fmtInt(Buffer.byteLength(json)),
    kib(parsed),
    kib(model),
    kib(evaluated),
    `${(evaluated / Buffer.byteLength(json)).toFixed(1)}×`,
  ]);
}

section(
  `memory: heap retained per cached product (${COPIES} copies each, after GC)`,
  table(
    ['example', 'source bytes', 'IR JSON bytes', 'IR parsed', 'model (IR + closures)', 'after 1st evaluation', 'heap / IR JSON'],
    rows,
  ) +
    `\n\nThe isolate keeps at most 256 models (products/loaded.ts): at the mean of these examples that is ${(((total / rows.length) * 256) / 1024 / 1024).toFixed(1)} MiB.`,
);
