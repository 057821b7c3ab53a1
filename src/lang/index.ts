// The schema language front end: source text → diagnostics and, when there is no error, the product's IR.
import { check } from './check/index';
import { compile } from './compile';
import { checkSatisfiable } from './configure/satisfiable';
import { type Diagnostic, Diagnostics, type Note, type Omitted } from './diagnostics';
import { expand } from './expand/index';
import type { ProductIR } from './ir';
import { runTests, type TestBook, type TestCounts, type TestRun, testMarkets } from './run-tests';
import { checkStoredSize } from './stored-size';
import { parse } from './syntax/parse';
import { SourceMap } from './syntax/source';

export {
  DIAGNOSTIC_CODES,
  type Diagnostic,
  type DiagnosticCode,
  MAX_DIAGNOSTICS,
  NOTE_CODES,
  type Note,
  type Omitted,
} from './diagnostics';
export type { TestRun } from './run-tests';

export interface SchemaAnalysis {
  /** Only when no diagnostic is an error. */
  ir: ProductIR | null;
  /**
   * The IR also when the only errors are the schema's own failing tests: the editor previews such a draft, priced
   * as written, beside the tests it fails. Never saved as a version.
   */
  untestedIr: ProductIR | null;
  /** Sorted by position: of each severity the MAX_DIAGNOSTICS first. */
  diagnostics: Diagnostic[];
  /** Diagnostics found beyond those, per severity. */
  omitted: Omitted;
  /** Analysis notes (diagnostics.ts, NOTE_CODES), by position: nothing to change, reported apart. */
  notes: Note[];
  /** The schema's `test` blocks: how many passed and failed (none run when the schema has other errors). */
  tests: TestCounts;
  /** Each of those tests, in the order the schema declares them. */
  testRuns: TestRun[];
  /** The markets and groups the tests name (`market:`, `group:`), each once: what `books` must hold to run them. */
  testMarkets: { market?: string; group?: string }[];
}

export interface AnalyzeOptions {
  /** Run the schema's tests (default). Recompiling a stored version skips them: they passed when it was saved. */
  tests?: boolean;
  /**
   * The price books of the markets the tests name (run-tests.ts, testBookKey), resolved by a caller that knows a
   * store (a save, `cpq test --store`); without it those tests are not run (W_TEST_NOT_RUN).
   */
  books?: ReadonlyMap<string, TestBook>;
}

/** Parses, checks and compiles a schema, then runs its tests. Never throws. */
export function analyze(source: string, options: AnalyzeOptions = {}): SchemaAnalysis {
  const diags = new Diagnostics();
  const tests: TestCounts = { passed: 0, failed: 0 };
  const testRuns: TestRun[] = [];
  const markets: SchemaAnalysis['testMarkets'] = [];
  const done = (ir: ProductIR | null): SchemaAnalysis => ({
    ir: diags.hasErrors() ? null : ir,
    untestedIr: ir,
    diagnostics: diags.sorted(),
    omitted: diags.omitted(),
    notes: diags.notes(),
    tests,
    testRuns,
    testMarkets: markets,
  });
  const map = new SourceMap(typeof source === 'string' ? source : '');
  try {
    const parsed = parse(map, diags);
    if (!parsed) return done(null);
    const model = check(expand(parsed, map, diags), diags);
    if (diags.hasErrors()) return done(null);
    const ir = compile(model, map.text);
    if (!checkStoredSize(model, ir, map, diags)) return done(null);
    checkSatisfiable(model, ir, diags);
    if (diags.hasErrors()) return done(null);
    if (options.tests !== false) {
      markets.push(...testMarkets(model.tests));
      testRuns.push(...runTests(ir, model.tests, diags, options.books));
      const ran = testRuns.filter((t) => t.skipped === undefined);
      tests.passed = ran.filter((t) => t.failures.length === 0).length;
      tests.failed = ran.length - tests.passed;
    }
    return done(ir);
  } catch (e) {
    // Expression depth is bounded, but the stack of the isolate is not ours to know: exhausting it is a limit.
    if (!(e instanceof RangeError)) throw e;
    diags.add('E_LIMIT', map.span(0, 0), 'the schema is nested too deeply to be analyzed');
    return done(null);
  }
}
