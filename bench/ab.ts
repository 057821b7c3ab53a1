// Evaluation time of two runtimes side by side in one process: this tree's and a base commit's (run.mjs extracts
// `--base <rev>`, main by default, into bench/out/base/ and bundles it), with the hand-written functions as the
// reference. CPU time (process.cpuUsage), which other work on a shared machine disturbs far less than the clock;
// rounds interleaved in alternating order; the best round of each. Both runtimes must give the same outcome.
// Comparing a tree with itself (`--base HEAD`, nothing changed) shows the method's noise: 0.97–1.04× once each
// runtime had a bundle of its own (sharing one with the hand-written functions cost the tree 4–9 %). The last column
// is this tree's closures without the answer around them (bench/calculate/closures-only.ts).
import { deepStrictEqual } from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { type Order, WORKLOADS } from './calculate/configs';
import { fromEvaluation } from './calculate/outcome';
import { loadExamples } from './examples';
import { fmtInt, fmtRatio, type Row, section, table } from './harness';

// Each runtime from its own bundle (run.mjs), so that none shares the optimizer's feedback with another or with the
// hand-written functions.
type Runtime = typeof import('../src/lang/instantiate');
const base = (await import(pathToFileURL('bench/out/base-instantiate.mjs').href)) as Runtime;
const tree = (await import(pathToFileURL('bench/out/tree-instantiate.mjs').href)) as Runtime;
const { closuresOnly } = (await import(
  pathToFileURL('bench/out/closures-only.mjs').href
)) as typeof import('./calculate/closures-only');

const quick = process.argv.includes('--quick');
const ROUNDS = quick ? 4 : 12;
const PER_ROUND = quick ? 3_000 : 10_000;

let sink: unknown;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** CPU nanoseconds per evaluation over n evaluations, the orders in turn. */
function nsPer(run: (o: Order) => unknown, orders: readonly Order[], n: number): number {
  const start = cpuMs();
  for (let i = 0; i < n; i++) sink = run(orders[i % orders.length] as Order);
  return ((cpuMs() - start) / n) * 1e6;
}

const NAMES = ['hand-written', 'base', 'this tree', 'closures only'] as const;
const rows: Row[] = [];
const logs: Record<(typeof NAMES)[number], number[]> = { 'hand-written': [], base: [], 'this tree': [], 'closures only': [] };
for (const example of loadExamples()) {
  const workload = WORKLOADS[example.id];
  if (!workload) continue;
  const ours = tree.instantiate(example.ir);
  const theirs = base.instantiate(example.ir);
  const input = (o: Order) => ({ configuration: o.configuration, quantity: o.quantity, lang: 'en' });
  const runs: Record<(typeof NAMES)[number], (o: Order) => unknown> = {
    'hand-written': (o) => workload.hand(o.configuration, o.quantity),
    base: (o) => theirs.evaluate(input(o)),
    'this tree': (o) => ours.evaluate(input(o)),
    'closures only': closuresOnly(example.ir, workload.orders),
  };
  for (const o of workload.orders) {
    const expected = fromEvaluation(ours.evaluate(input(o)));
    deepStrictEqual(fromEvaluation(theirs.evaluate(input(o))), expected, `${example.id}: the base differs`);
    deepStrictEqual(workload.hand(o.configuration, o.quantity), expected, `${example.id}: hand-written differs`);
  }
  const best = { 'hand-written': Infinity, base: Infinity, 'this tree': Infinity, 'closures only': Infinity };
  for (const name of NAMES) nsPer(runs[name], workload.orders, PER_ROUND * 2);
  for (let r = 0; r < ROUNDS; r++) {
    for (const name of r % 2 === 0 ? NAMES : [...NAMES].reverse()) {
      best[name] = Math.min(best[name], nsPer(runs[name], workload.orders, PER_ROUND));
    }
  }
  for (const name of NAMES) logs[name].push(Math.log(best[name]));
  rows.push(line(example.id, best));
}
const geomean = (xs: number[]) => Math.exp(xs.reduce((s, x) => s + x, 0) / xs.length);
rows.push(
  line('geometric mean', {
    'hand-written': geomean(logs['hand-written']),
    base: geomean(logs.base),
    'this tree': geomean(logs['this tree']),
    'closures only': geomean(logs['closures only']),
  }),
);

function line(name: string, ns: Record<(typeof NAMES)[number], number>): Row {
  const hand = ns['hand-written'];
  return [
    name,
    fmtInt(hand),
    `${fmtInt(ns.base)} (${fmtRatio(ns.base / hand)})`,
    `${fmtInt(ns['this tree'])} (${fmtRatio(ns['this tree'] / hand)})`,
    fmtRatio(ns.base / ns['this tree']),
    `${fmtInt(ns['closures only'])} (${fmtRatio(ns['closures only'] / hand)})`,
  ];
}

section(
  `ab: CPU ns per evaluation, best of ${ROUNDS} rounds of ${fmtInt(PER_ROUND)} (in brackets: time relative to hand-written)`,
  table(['example', 'hand-written', 'base', 'this tree', 'speed-up over base', 'closures only (this tree)'], rows),
);
void sink;
