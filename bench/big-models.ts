// `npm run bench -- big-models`: configure on the generated large models (issue 25; test/fixtures/big-model.ts),
// the exact engine (src/lang/configure/exact/) next to the search it replaces. The configurations are the states of
// buyers walking the model through options reported available, until every field is set, each configured again as
// a full answer, a compact one and a compact one explaining a field, timed with its serialisation. The search is
// measured on the same model with one more constraint reading `quantity`, which the exact engine's tables do not
// hold, so the request goes to the search as every request did before. Also: compiling the schema, and the first configure of a
// version (building its tables and the satisfiability check a save runs), and saving the models at full size
// (big-models/save.ts).
import { analysisOf } from '../src/lang/configure/analysis';
import type { ConfigureInput } from '../src/lang/configure/answer-types';
import { tablesOf } from '../src/lang/configure/exact/tables';
import { instantiate, type Model } from '../src/lang/instantiate';
import type { ProductIR } from '../src/lang/ir';
import { compileModel } from '../src/lang/runtime/compiled-model';
import { Ctx } from '../src/lang/runtime/context';
import { bigModel, CAR, CAR_FULL, LABELLED, TRUCK, TRUCK_FULL, TRUCK_FULL_ROWS } from '../test/fixtures/big-model';
import { random } from '../test/lang/random';
import { SAVE_HEADERS, saveRow } from './big-models/save';
import { irOf, now, percentile, walk } from './big-models/walk';
import { fmt3, median, section, table } from './harness';

const quick = process.argv.includes('--quick');
const WALKS = quick ? 1 : 3;
/** Walk states the search is timed on (each can take its whole budget). */
const SEARCH_SAMPLE = quick ? 10 : 40;

/**
 * The answers timed on every walk state: the full one, the compact one (each field's available option ids), and
 * the compact one explaining a field (the storefront asks for the one the buyer changed last; here the first).
 */
const ANSWERS: [string, Partial<ConfigureInput>][] = [
  ['full', {}],
  ['compact', { compact: true, explain: [] }],
  ['compact, f0 explained', { compact: true, explain: ['f0'] }],
];

/** Each state configured as asked, timed with the serialisation of its fields (the bulk of the route's body). */
function timedStates(model: Model, states: Record<string, string>[], ask: Partial<ConfigureInput>) {
  const out = { times: [] as number[], kib: [] as number[], incomplete: 0 };
  for (const configuration of states) {
    const started = now();
    const answer = model.configure({ configuration, quantity: 1, ...ask });
    const json = JSON.stringify(answer.fields);
    out.times.push(now() - started);
    out.kib.push(json.length / 1024);
    if (!answer.complete) out.incomplete++;
  }
  return out;
}

function timedIr(source: string): { ir: ProductIR; ms: number } {
  const started = now();
  const ir = irOf(source);
  return { ir, ms: now() - started };
}

// Saving first, on a heap the walks below have not grown. The first row warms the compiler's code up.
saveRow('warm-up', CAR);
const saves = [
  saveRow('150 × 174 (CAR)', CAR),
  saveRow('150 × 174 full (CAR_FULL)', CAR_FULL),
  saveRow('40 × 45 labelled (LABELLED)', LABELLED),
  saveRow('270 × 330 full, option lists (TRUCK_FULL)', TRUCK_FULL),
  saveRow('270 × 330 full, a row per combination (TRUCK_FULL_ROWS)', TRUCK_FULL_ROWS),
];
section(
  'big models: saving at full size (the analysis a save runs, stage by stage; heap held at its end)',
  table(SAVE_HEADERS, saves),
);

const rows: string[][] = [];
const sizes: string[][] = [];
for (const shape of [CAR, TRUCK]) {
  const b = bigModel(shape);
  const { ir, ms: compileMs } = timedIr(b.source);
  const firstStarted = now();
  const model = instantiate(ir);
  const first = model.configure({ configuration: {}, quantity: 1 });
  const firstMs = now() - firstStarted;
  const compiled = compileModel(ir);
  const tables = tablesOf(compiled, new Ctx(compiled.slots, ir.fields.length), analysisOf(compiled));
  const bytes = tables === null ? 0 : tables.bits.byteLength;
  // Buyers' walks over the options offered, every state timed once.
  const states: Record<string, string>[] = [];
  const { priced } = walk(model, random(shape.seed), WALKS, { visit: (state) => states.push(state) });
  // The search on the same states (a sample spread over them).
  const searched = instantiate(
    irOf(b.source.replace(/\nprice \{/, '\nconstraint q { require: quantity >= 1\n message: "q" }\nprice {')),
  );
  const searchTimes: number[] = [];
  let searchIncomplete = 0;
  for (let k = 0; k < SEARCH_SAMPLE; k++) {
    const state = states[Math.floor((k * states.length) / SEARCH_SAMPLE)]!;
    const started = now();
    const answer = searched.configure({ configuration: state, quantity: 1 });
    searchTimes.push(now() - started);
    if (!answer.complete) searchIncomplete++;
  }
  const name = `${shape.fields} × ${shape.tables}`;
  for (const [answer, ask] of ANSWERS) {
    const t = timedStates(model, states, ask);
    rows.push([
      name,
      `exact, ${answer}`,
      String(states.length),
      fmt3(median(t.times)),
      fmt3(percentile(t.times, 0.99)),
      fmt3(median(t.kib)),
      `${states.length - t.incomplete} of ${states.length}`,
      `${priced} of ${WALKS}`,
    ]);
  }
  rows.push([
    name,
    'search (before)',
    String(searchTimes.length),
    fmt3(median(searchTimes)),
    fmt3(percentile(searchTimes, 0.99)),
    '',
    `${searchTimes.length - searchIncomplete} of ${searchTimes.length}`,
    '',
  ]);
  const options = ir.fields.reduce((n, f) => n + (f.options?.length ?? 0), 0);
  const available = first.fields.reduce((n, f) => n + (f.options?.filter((o) => o.available).length ?? 0), 0);
  sizes.push([
    name,
    fmt3(b.source.length / 1024),
    String(b.tables.reduce((n, t) => n + t.rows.length, 0)),
    `${options} (${available} available)`,
    fmt3(compileMs),
    fmt3(firstMs),
    fmt3(bytes / 1024),
  ]);
}

section(
  'big models: the schema, compiling it, and the first configure (tables built, the check a save runs)',
  table(['model', 'source KiB', 'table rows', 'options', 'compile ms', 'first configure ms', 'tables KiB'], sizes),
);
section(
  'big models: configure per request in process, on buyers walking through the options offered',
  table(['model', 'engine, answer', 'requests', 'p50 ms', 'p99 ms', 'fields KiB', 'complete', 'walks priced'], rows),
);
