// Run: npx esbuild bench/calculate/prototypes/registers-bench.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/out/regbench.mjs && node bench/out/regbench.mjs
import { closuresOnly } from '../closures-only';
import { WORKLOADS, type Order } from '../configs';
import { loadExamples } from '../../examples';
import { registers } from './registers';
let sink: unknown;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
function ns(run: (o: Order) => unknown, orders: readonly Order[], n: number) { const s = cpu(); for (let i = 0; i < n; i++) sink = run(orders[i % orders.length]!); return ((cpu() - s) / n) * 1e6; }
const logs: Record<string, number> = {};
for (const ex of loadExamples()) {
  const w = WORKLOADS[ex.id]; if (!w) continue;
  const reg = registers(ex.ir, w.orders);
  for (const o of w.orders) { reg.fn(o); if (!reg.check(o)) console.log('MISMATCH', ex.id); }
  const runs: Record<string, (o: Order) => unknown> = { hand: (o) => w.hand(o.configuration, o.quantity), closures: closuresOnly(ex.ir, w.orders), registers: reg.fn, unboxed: reg.fn2 };
  const best: Record<string, number> = {};
  for (const k in runs) { ns(runs[k]!, w.orders, 20000); best[k] = Infinity; }
  for (let r = 0; r < 12; r++) for (const k of r % 2 ? Object.keys(runs).reverse() : Object.keys(runs)) best[k] = Math.min(best[k]!, ns(runs[k]!, w.orders, 10000));
  for (const k in best) logs[k] = (logs[k] ?? 0) + Math.log(best[k]!) / 6;
  console.log(`${ex.id.padEnd(16)} ${Object.entries(best).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('  ')}  (${reg.coverage})`);
}
console.log('geomean', Object.entries(logs).map(([k, v]) => `${k} ${Math.exp(v).toFixed(0)}`).join('  ')); void sink;
