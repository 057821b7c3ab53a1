// `npm run bench -- hostile`: the worst inputs found (test/fixtures/hostile) through what validate, save, form and
// calculate (and configure, issue 27) do with them, each timed next to an ordinary input of about the same size.
// The goal (issues 10 and 27): none over 100 ms (a validate of a large schema: 1 s), none over 10× its ordinary
// peer, no answer over 1 MB.
//
// The stages run in process, as the route handlers run them, minus the HTTP layer (auth, rate limit, D1 reads and
// writes, body parsing up to the 1 MiB limit), whose cost does not depend on what the schema or configuration
// holds: validate = analyze + the capped response serialized; save = analyze + the IR or the 422 body serialized;
// form = instantiate + the form document rendered; calculate = the body parsed + evaluate + the answer (its lists
// capped as src/configurator/serve.ts caps them) serialized; configure = configure + its answer (fields, groups, errors,
// warnings, truncated, as src/configurator/serve.ts builds it) serialized; first configure = the same on a new
// instance of the model, whose tables are built and settled by it. Each row prints the size of the hostile answer.

import { cappedLists } from '../src/api/list-caps';
import { presentCalculation } from '../src/configurator/calculation';
import { formBody } from '../src/configurator/form';
import { analyze } from '../src/lang/index';
import { instantiate } from '../src/lang/instantiate';
import { irToJson } from '../src/lang/ir-json';
import { splitDiagnostics, validationResult } from '../src/products/diagnostics';
import { hostileCalculations, hostileConfigurations, hostileSchemas } from '../test/fixtures/hostile/index';
import { syntheticSchema } from './compile/synthetic';
import { fmt3, fmtRatio, medianMs, section, table } from './harness';

/**
 * Milliseconds a stage may take: 100, and 1 s for validate and save, which read the whole schema (issue 27), and
 * for the first configure of a version in an isolate, which also builds and settles its tables (issue 33).
 */
const budgetMs = (stage: string) => (stage === 'validate' || stage === 'save' || stage === 'first configure' ? 1_000 : 100);
/** Bytes an answer may take; save's row shows what it stores (the compiled form) instead, which answers nobody. */
const MAX_ANSWER_BYTES = 1_000_000;
const MAX_RATIO = 10;

/** Runs `fn` once (to warm up); unless that took over 5 s, reports the median of 3 to 21 more runs (~3 s' worth). */
function timeMs(fn: () => unknown): number {
  const start = performance.now();
  fn();
  const once = performance.now() - start;
  return once > 5_000 ? once : medianMs(fn, Math.min(21, Math.max(3, Math.floor(3_000 / Math.max(once, 1)))), 0);
}

/** An ordinary schema of about `bytes` bytes: whole sections of the compile benchmark's product, or one let. */
function ordinarySchema(bytes: number): string {
  if (bytes < 2_000) return `product "Ordinary" {\n  language: en\n  currency: EUR\n}\nlet a = 1\n`;
  const perLine = syntheticSchema(1_000).length / 1_000;
  return syntheticSchema(Math.max(1, Math.round(bytes / perLine)));
}

/** Each call validates a new text, as an attacker's would (a comment changed): the analysis cache never answers. */
let edits = 0;
const validate = (schema: string) => JSON.stringify(validationResult(`${schema}\n// ${edits++}\n`));

function save(schema: string): string {
  const analysis = analyze(schema);
  const { ir } = analysis;
  const { errors, warnings, truncated } = splitDiagnostics(analysis);
  return ir
    ? JSON.stringify({ compiled: irToJson(ir), warnings, truncated })
    : JSON.stringify({ code: 'VALIDATION_FAILED', errors, truncated });
}

function loaded(schema: string) {
  const { ir } = analyze(schema);
  return ir && { version: 1, contentHash: 'bench', model: instantiate(ir) };
}

const form = (l: NonNullable<ReturnType<typeof loaded>>) => () =>
  formBody({ ...l, model: instantiate(l.model.ir) }, 'p', 'en', {
    market: null,
    group: 'retail',
    currency: l.model.ir.currency,
    list: null,
  });

function calculate(l: NonNullable<ReturnType<typeof loaded>>, body: string) {
  return () => {
    const { configuration } = JSON.parse(body) as { configuration: Record<string, unknown> };
    const evaluation = l.model.evaluate({ configuration, quantity: 1, lang: 'en' });
    if (evaluation.errors.length > 0 || !evaluation.price)
      return JSON.stringify(cappedLists({ errors: evaluation.errors, warnings: evaluation.warnings }));
    const selection = { groups: new Set<string>(), withheld: [] };
    return JSON.stringify({
      ...presentCalculation({ productId: 'p', loaded: l, configuration, quantity: 1, selection, evaluation }),
      ...cappedLists({ warnings: evaluation.warnings }),
    });
  };
}

/** What /v1/configure answers for a partial configuration, serialized (the calculation left out). */
function configure(l: NonNullable<ReturnType<typeof loaded>>, configuration: Record<string, unknown>) {
  return () => {
    const answer = l.model.configure({ configuration, quantity: 1, lang: 'en' });
    const capped = cappedLists({ errors: answer.evaluation.errors, warnings: answer.evaluation.warnings });
    return JSON.stringify({
      complete: answer.complete,
      fields: answer.fields,
      groups: answer.evaluation.groups,
      ...capped,
      truncated: { ...capped.truncated, ...answer.truncated },
    });
  };
}

/** `--only=<text>`: just the inputs whose name contains it. */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const wanted = (name: string) => only === undefined || name.includes(only);

const rows: string[][] = [];
let over = 0;
/** Times under this are compared as if they took it: below it no stall is felt, and ratios are noise. */
const FLOOR_MS = 1;
function row(input: string, stage: string, bytes: number, hostile: () => unknown, ordinary: () => unknown): void {
  const answer = hostile();
  const answerBytes = typeof answer === 'string' ? new TextEncoder().encode(answer).length : 0;
  const h = timeMs(hostile);
  const o = timeMs(ordinary);
  const ratio = Math.max(h, FLOOR_MS) / Math.max(o, FLOOR_MS);
  const budget = budgetMs(stage);
  const answered = stage === 'save' || answerBytes <= MAX_ANSWER_BYTES;
  if (h > budget || ratio > MAX_RATIO || !answered) over++;
  const mark = (ok: boolean) => (ok ? 'yes' : '**no**');
  rows.push([
    input,
    stage,
    `${fmt3(bytes / 1000)} KB`,
    `${fmt3(answerBytes / 1000)} KB`,
    fmt3(h),
    fmt3(o),
    fmtRatio(ratio),
    mark(ratio <= MAX_RATIO),
    mark(h <= budget),
    stage === 'save' ? '—' : mark(answered),
  ]);
  console.error(`${input} · ${stage}: ${fmt3(h)} ms (ordinary ${fmt3(o)} ms)`);
}

/** Times a schema stage on the hostile schema next to an ordinary one of its size. */
function schemaRow(name: string, stage: 'validate' | 'save', schema: string, peer: string): void {
  const run = stage === 'validate' ? validate : save;
  row(
    name,
    stage,
    schema.length,
    () => run(schema),
    () => run(peer),
  );
}

for (const { name, schema } of hostileSchemas().filter((h) => wanted(h.name))) {
  const peer = ordinarySchema(schema.length);
  schemaRow(name, 'validate', schema, peer);
  schemaRow(name, 'save', schema, peer);
}

for (const { name, schema, configuration, ordinary } of hostileCalculations().filter((h) => wanted(h.name))) {
  const peer = ordinarySchema(schema.length);
  schemaRow(name, 'save', schema, peer);
  const product = loaded(schema);
  if (!product) {
    const first = analyze(schema).diagnostics[0];
    rows.push([
      name,
      'form, calculate',
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
      `the checker refuses the product: ${first?.code} ${first?.message}`,
      '—',
    ]);
    continue;
  }
  const body = JSON.stringify({ product_id: 'p', configuration });
  const plain = JSON.stringify({ product_id: 'p', configuration: ordinary });
  row(name, 'form', schema.length, form(product), form(loaded(peer) ?? product));
  row(name, 'calculate', body.length, calculate(product, body), calculate(product, plain));
}

for (const { name, schema, configuration } of hostileConfigurations().filter((h) => wanted(h.name))) {
  const peer = ordinarySchema(schema.length);
  schemaRow(name, 'validate', schema, peer);
  schemaRow(name, 'save', schema, peer);
  const product = loaded(schema);
  const ordinary = loaded(peer);
  if (!product || !ordinary) throw new Error(`${name}: the hostile product or its peer does not compile`);
  row(name, 'form', schema.length, form(product), form(ordinary));
  row(name, 'configure', schema.length, configure(product, configuration), configure(ordinary, {}));
  // A new instance each time: the tables built and settled once per version and isolate are part of what is timed.
  const fresh = (l: NonNullable<typeof product>, c: Record<string, unknown>) => () =>
    configure({ ...l, model: instantiate(l.model.ir) }, c)();
  row(name, 'first configure', schema.length, fresh(product, configuration), fresh(ordinary, {}));
}

section(
  `hostile inputs: median ms in process, each next to an ordinary input of about the same size (times under ${FLOOR_MS} ms compared as ${FLOOR_MS} ms)`,
  table(
    ['input', 'stage', 'size', 'answer', 'hostile ms', 'ordinary ms', 'ratio', `≤ ${MAX_RATIO}×`, '≤ budget', '≤ 1 MB'],
    rows,
  ),
);
console.log(
  over === 0
    ? 'Every hostile input is within the budget.'
    : `${over} measurement(s) over the budget (${MAX_RATIO}×, 100 ms or 1 s for validate and save, 1 MB of answer).`,
);
