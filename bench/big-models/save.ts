// Saving the generated large models at full size (bench/RESULTS.md §9, "Save at full size"): what a save's analysis
// costs, stage by stage, and the heap it holds at its end. The stages are run one by one so that the
// satisfiability check (the exact engine's tables built, one configure) is timed even where the analysis stops
// before it (a model past the form's export limit); `analyze` is then timed whole, as a save runs it.
import { check } from '../../src/lang/check/index';
import { compile } from '../../src/lang/compile/index';
import { checkSatisfiable } from '../../src/lang/configure/satisfiable';
import { Diagnostics } from '../../src/lang/diagnostics';
import { expand } from '../../src/lang/expand/index';
import { analyze } from '../../src/lang/index';
import { irToJson } from '../../src/lang/ir-json';
import { checkStoredSize } from '../../src/lang/stored-size';
import { tokenize } from '../../src/lang/syntax/lexer';
import { parse } from '../../src/lang/syntax/parse';
import { SourceMap } from '../../src/lang/syntax/source';
import { type BigModelShape, bigModel } from '../../test/fixtures/big-model';
import { fmt3, fmtInt } from '../harness';

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};

/** One row: the model, its size, each stage's milliseconds, the heap held, and what a save answers. */
export function saveRow(name: string, shape: BigModelShape): string[] {
  const { source } = bigModel(shape);
  const bytes = new TextEncoder().encode(source).length;
  const tokens = tokenize(source).count;
  const base = heap();
  const timed = <T>(f: () => T): [T, number] => {
    const started = performance.now();
    const out = f();
    return [out, performance.now() - started];
  };
  const diags = new Diagnostics();
  const map = new SourceMap(source);
  const [model, frontMs] = timed(() => {
    const parsed = parse(map, diags);
    return parsed && check(expand(parsed, map, diags), diags);
  });
  const stages = model
    ? (() => {
        const [ir, compileMs] = timed(() => compile(model, map.text));
        const [, sizesMs] = timed(() => checkStoredSize(model, ir, map, new Diagnostics()));
        const [, satisfiableMs] = timed(() => checkSatisfiable(model, ir, new Diagnostics()));
        const held = gc ? fmt3((heap() - base) / 1e6) : 'n/a';
        return [fmt3(compileMs), fmt3(sizesMs), fmt3(satisfiableMs), fmtInt(irToJson(ir).length / 1024), held];
      })()
    : ['', '', '', '', ''];
  const [analysis, analyzeMs] = timed(() => analyze(source));
  const error = analysis.diagnostics.find((d) => d.severity === 'error');
  const outcome = error ? `${error.code}: ${error.message.split(';')[0]}` : 'saved';
  return [name, fmtInt(bytes / 1024), fmtInt(tokens), fmt3(frontMs), ...stages, fmt3(analyzeMs), outcome];
}

export const SAVE_HEADERS = [
  'model',
  'source KiB',
  'tokens',
  'parse+check ms',
  'compile ms',
  'sizes ms',
  'satisfiable ms',
  'IR KiB',
  'heap held MB',
  'analyze ms',
  'save answers',
];
