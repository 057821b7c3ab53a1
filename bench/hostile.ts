// `npm run bench -- hostile`: the worst inputs found (test/fixtures/hostile) through what validate, save, form and
// calculate do with them, each timed next to an ordinary input of about the same size. The goal (issue 10): none
// over 100 ms, none over 10× its ordinary peer.
//
// The stages run in process, as the route handlers run them, minus the HTTP layer (auth, rate limit, D1 reads and
// writes, body parsing up to the 1 MiB limit), whose cost does not depend on what the schema or configuration
// holds: validate = analyze + the capped response serialized; save = analyze + the IR or the 422 body serialized;
// form = instantiate + the form document rendered; calculate = the body parsed + evaluate + the answer serialized.
import { presentCalculation } from '../src/cpq/calculation';
import { formBody } from '../src/cpq/form';
import { analyze } from '../src/lang/index';
import { instantiate } from '../src/lang/runtime/index';
import { splitDiagnostics, validationResult } from '../src/products/diagnostics';
import { hostileCalculations, hostileSchemas } from '../test/fixtures/hostile/index';
import { syntheticSchema } from './compile/synthetic';
import { fmt3, fmtRatio, medianMs, section, table } from './harness';

const BUDGET_MS = 100;
const MAX_RATIO = 10;

/** Runs `fn` once; if that was quick, reports the median of more runs. */
function timeMs(fn: () => unknown): number {
  const start = performance.now();
  fn();
  const once = performance.now() - start;
  return once > 200 ? once : medianMs(fn, once > 20 ? 5 : 21, 2);
}

/** An ordinary schema of about `bytes` bytes: whole sections of the compile benchmark's product, or one let. */
function ordinarySchema(bytes: number): string {
  if (bytes < 2_000) return `product "Ordinary" {\n  language: en\n  currency: EUR\n}\nlet a = 1\n`;
  const perLine = syntheticSchema(1_000).length / 1_000;
  return syntheticSchema(Math.max(1, Math.round(bytes / perLine)));
}

const validate = (schema: string) => JSON.stringify(validationResult(schema));

function save(schema: string): string {
  const { ir, diagnostics } = analyze(schema);
  const { errors, warnings } = splitDiagnostics(diagnostics);
  return ir ? JSON.stringify({ compiled: JSON.stringify(ir), warnings }) : JSON.stringify({ code: 'VALIDATION_FAILED', errors });
}

function loaded(schema: string) {
  const { ir } = analyze(schema);
  if (!ir) throw new Error('the product of a calculation input does not compile');
  return { version: 1, contentHash: 'bench', model: instantiate(ir) };
}

const form = (schema: string) => {
  const l = loaded(schema);
  return () => formBody({ ...l, model: instantiate(l.model.ir) }, 'p', 'en');
};

function calculate(schema: string, body: string) {
  const l = loaded(schema);
  return () => {
    const { configuration } = JSON.parse(body) as { configuration: Record<string, unknown> };
    const evaluation = l.model.evaluate({ configuration, quantity: 1, lang: 'en' });
    if (evaluation.errors.length > 0 || !evaluation.price) return JSON.stringify({ errors: evaluation.errors, warnings: evaluation.warnings });
    return JSON.stringify(presentCalculation({ productId: 'p', loaded: l, configuration, quantity: 1, groups: new Set(), evaluation }));
  };
}

const rows: string[][] = [];
let failures = 0;
function row(input: string, stage: string, bytes: number, hostile: () => unknown, ordinary: () => unknown): void {
  const h = timeMs(hostile);
  const o = timeMs(ordinary);
  const ratio = h / Math.max(o, 0.01);
  const ok = h <= BUDGET_MS && ratio <= MAX_RATIO;
  if (!ok) failures++;
  rows.push([input, stage, `${fmt3(bytes / 1000)} KB`, fmt3(h), fmt3(o), fmtRatio(ratio), ok ? 'ok' : 'OVER']);
  console.error(`${input} · ${stage}: ${fmt3(h)} ms (ordinary ${fmt3(o)} ms)`);
}

for (const { name, schema } of hostileSchemas()) {
  const peer = ordinarySchema(schema.length);
  row(name, 'validate', schema.length, () => validate(schema), () => validate(peer));
  row(name, 'save', schema.length, () => save(schema), () => save(peer));
}

for (const { name, schema, configuration } of hostileCalculations()) {
  const body = JSON.stringify({ product_id: 'p', configuration });
  // The same product, one value of the same size: a plain string where the attack sends keys or a crafted value.
  const field = loaded(schema).model.ir.fields[0]?.id ?? 'x';
  const plain = JSON.stringify({ product_id: 'p', configuration: { [field]: 'b'.repeat(Math.max(1, body.length - 40)) } });
  row(name, 'validate', schema.length, () => validate(schema), () => validate(ordinarySchema(schema.length)));
  row(name, 'form', schema.length, form(schema), form(ordinarySchema(schema.length)));
  row(name, 'calculate', body.length, calculate(schema, body), calculate(schema, plain));
}

section(
  `hostile inputs: median ms in process (goal: ≤ ${BUDGET_MS} ms and ≤ ${MAX_RATIO}× the ordinary input of the same size)`,
  table(['input', 'stage', 'size', 'hostile ms', 'ordinary ms', 'ratio', 'verdict'], rows),
);
console.log(failures === 0 ? 'Every hostile input is within the budget.' : `${failures} measurement(s) over the budget.`);
