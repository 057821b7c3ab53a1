// `npm run bench -- configure`: the configurator engine (POST /v1/configure's work, in process) against a
// calculation (POST /v1/calculate's) of the same partial configurations, per example. The configurations are the
// states of buyers walking through the form: from nothing set, each step sets one more field to a value the engine
// reported available. Goal (issue 12): at most 5 ms per configure call, and at most 10× a calculate call.
import { instantiate } from '../src/lang/instantiate';
import { loadExamples } from './examples';
import { fmtRatio, race, section, table } from './harness';

const quick = process.argv.includes('--quick');
const options = quick ? { warmupMs: 100, roundMs: 40, rounds: 5 } : { warmupMs: 400, roundMs: 100, rounds: 7 };
const WALKS = 8;

/** Partial configurations met on seeded walks that keep choosing available values. */
function walkStates(model: ReturnType<typeof instantiate>): Record<string, unknown>[] {
  const states: Record<string, unknown>[] = [];
  let seed = 12345;
  const random = (n: number) => {
    seed = (Math.imul(seed, 48271) + 11) & 0x7fffffff;
    return (seed >>> 8) % n;
  };
  for (let w = 0; w < WALKS; w++) {
    const configuration: Record<string, unknown> = {};
    for (let step = 0; step < 40; step++) {
      states.push({ ...configuration });
      const r = model.configure({ configuration, quantity: model.ir.quantity.default });
      const open = r.fields.filter((f) => f.visible && f.enabled && !(f.id in configuration) && f.options);
      if (open.length === 0) break;
      const f = open[random(open.length)]!;
      const available = f.options!.filter((o) => o.available);
      if (available.length === 0) break;
      const o = available[random(available.length)]!;
      configuration[f.id] = typeof f.value === 'boolean' ? o.id === 'true' : o.id;
    }
  }
  return states;
}

const rows: string[][] = [];
let worst = 0;
for (const example of loadExamples()) {
  const model = instantiate(example.ir);
  const states = walkStates(model);
  const quantity = model.ir.quantity.default;
  let i = 0;
  let j = 0;
  const speeds = race(
    new Map<string, () => unknown>([
      [
        'configure',
        () => {
          i = (i + 1) % states.length;
          return model.configure({ configuration: states[i]!, quantity });
        },
      ],
      [
        'calculate',
        () => {
          j = (j + 1) % states.length;
          return model.evaluate({ configuration: states[j]!, quantity });
        },
      ],
    ]),
    options,
  );
  const configureMs = 1000 / speeds.get('configure')!;
  const calculateMs = 1000 / speeds.get('calculate')!;
  worst = Math.max(worst, configureMs);
  const fields = model.ir.fields.filter((f) => f.options).length;
  rows.push([
    example.id,
    String(fields),
    String(states.length),
    `${configureMs.toFixed(3)} ms`,
    `${calculateMs.toFixed(3)} ms`,
    fmtRatio(configureMs / calculateMs),
    configureMs <= 5 ? '✓' : '✗',
  ]);
}
section(
  'configure: time per call in process (median of rounds), next to calculate on the same partial configurations',
  table(['example', 'choice fields', 'configurations', 'configure', 'calculate', 'ratio', '≤ 5 ms'], rows),
);
console.log(`\nslowest configure: ${worst.toFixed(3)} ms per call`);
