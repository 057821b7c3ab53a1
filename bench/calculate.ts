// Evaluation speed per example product: our compiled model against the same pricing and BOM logic hand-written in
// TypeScript, and written as jexl, mathjs and CEL expressions. Every implementation must give the same outcome
// (checked with deepStrictEqual before timing); each evaluation takes the next of the example's configurations.
import { deepStrictEqual } from 'node:assert/strict';
import { instantiate } from '../src/lang/instantiate';
import { type Order, WORKLOADS } from './calculate/configs';
import { fromEvaluation, type Outcome } from './calculate/outcome';
import { celEngine } from './calculate/peers/cel';
import { type Engine, peerModel } from './calculate/peers/driver';
import { jexlEngine } from './calculate/peers/jexl';
import { mathjsEngine } from './calculate/peers/mathjs';
import { loadExamples } from './examples';
import { fmtInt, fmtRatio, race, section, table } from './harness';

const PEERS: [string, Engine][] = [
  ['jexl', jexlEngine],
  ['mathjs', mathjsEngine],
  ['cel-js', celEngine],
];
const NAMES = ['hand-written', 'ours', ...PEERS.map(([n]) => n)];
/** Minimum speed-up of ours over each implementation (a ratio below 1 allows ours to be that much slower). */
const TARGETS: Record<string, number> = { 'hand-written': 1 / 1.5, jexl: 5, mathjs: 2, 'cel-js': 1 };

const quick = process.argv.includes('--quick');
const options = quick ? { warmupMs: 100, roundMs: 40, rounds: 5 } : { warmupMs: 500, roundMs: 100, rounds: 9 };

const results = new Map<string, Map<string, number>>();
for (const example of loadExamples()) {
  const workload = WORKLOADS[example.id];
  // The configurator examples of issue 12 have no hand-written peers; bench/configure.ts measures them.
  if (!workload) {
    console.log(`(examples/${example.id}.cpq has no hand-written workload: left out)`);
    continue;
  }
  const model = instantiate(example.ir);
  const impls = new Map<string, (o: Order) => unknown>([
    ['hand-written', (o) => workload.hand(o.configuration, o.quantity)],
    ['ours', (o) => model.evaluate({ configuration: o.configuration, quantity: o.quantity, lang: 'en' })],
  ]);
  for (const [name, engine] of PEERS) {
    const peer = peerModel(example.ir, engine);
    impls.set(name, (o) => peer(o.configuration, o.quantity));
  }
  for (const order of workload.orders) {
    const expected = fromEvaluation(model.evaluate({ configuration: order.configuration, quantity: order.quantity, lang: 'en' }));
    if (expected.price === null)
      throw new Error(`${example.id}: a benchmark configuration does not price: ${JSON.stringify(expected.errors)}`);
    for (const [name, run] of impls) {
      if (name !== 'ours') deepStrictEqual(run(order) as Outcome, expected, `${example.id}: ${name} differs from ours`);
    }
  }
  const contestants = new Map<string, () => unknown>();
  for (const [name, run] of impls) {
    let i = 0;
    const orders = workload.orders;
    contestants.set(name, () => {
      i = (i + 1) % orders.length;
      return run(orders[i] as Order);
    });
  }
  results.set(example.id, race(contestants, options));
}

const get = (example: string, name: string): number => results.get(example)?.get(name) ?? NaN;
const geomean = (xs: number[]): number => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
const examples = [...results.keys()];

section(
  'calculate: evaluations per second (median of rounds; in brackets: time relative to hand-written)',
  table(
    ['example', ...NAMES],
    [
      ...examples.map((ex) => [
        ex,
        ...NAMES.map((n) => `${fmtInt(get(ex, n))} (${fmtRatio(get(ex, 'hand-written') / get(ex, n))})`),
      ]),
      ['geometric mean', ...NAMES.map((n) => fmtInt(geomean(examples.map((ex) => get(ex, n)))))],
    ],
  ),
);

const others = NAMES.filter((n) => n !== 'ours');
section(
  'calculate: speed of ours relative to each implementation (target in the header; ✓ met, ✗ missed)',
  table(
    ['example', ...others.map((n) => `vs ${n} (≥ ${fmtRatio(TARGETS[n] as number)})`)],
    [...examples, 'geometric mean'].map((ex) => {
      const ratio = (n: string) =>
        ex === 'geometric mean' ? geomean(examples.map((e) => get(e, 'ours') / get(e, n))) : get(ex, 'ours') / get(ex, n);
      return [ex, ...others.map((n) => `${fmtRatio(ratio(n))} ${ratio(n) >= (TARGETS[n] as number) ? '✓' : '✗'}`)];
    }),
  ),
);
