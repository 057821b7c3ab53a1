// `cpq test`: each schema's `test` blocks, run by the same code as on every save (src/lang/run-tests.ts); those
// naming a market with the lists of --store, or of a local --prices file (price-lists.ts).
import { analyze } from '../lang';
import { type TestBook, type TestRun, testBookKey } from '../lang/run-tests';
import { EXIT, type ExitCode } from './exit';
import { productIdOf, readSchema } from './files';
import { type ListOptions, type ListSource, listSource } from './price-lists';
import { diagnosticLines, hasErrors } from './report';
import { bold, dim, green, red } from './style';

/** What a test naming a market ran in: `(market ch, dealer: CHF, list dealer-chf v3)`. */
function pricedIn(run: TestRun): string {
  const p = run.pricing;
  if (!p) return '';
  const list = p.list ? `list ${p.list.id} v${p.list.version}` : "the model's prices";
  return dim(` (market ${p.market ?? '—'}, ${p.group}: ${p.currency}, ${list})`);
}

/** The schema analysed; again with the books of the markets its tests name, when a source can give them. */
async function analyzeWith(file: string, source: ListSource | null) {
  const text = readSchema(file);
  const first = analyze(text);
  if (!source || first.testMarkets.length === 0 || !first.untestedIr) return first;
  const ir = first.untestedIr;
  const books = new Map<string, TestBook>();
  const product = productIdOf(file);
  for (const { market, group } of first.testMarkets) {
    books.set(testBookKey(market, group), await source(product, ir, market, group));
  }
  return analyze(text, { books });
}

export async function test(files: string[], options: ListOptions = {}): Promise<ExitCode> {
  const source = listSource(options);
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const analysis = await analyzeWith(file, source);
    if (analysis.testRuns.length === 0 && hasErrors(analysis)) {
      // The tests run on the compiled product: a schema with other errors runs none, and counts as one failure.
      console.log(`${red('✗')} ${file}: the schema has errors, its tests did not run`);
      for (const line of diagnosticLines(file, analysis)) console.log(`    ${line}`);
      failed++;
      continue;
    }
    if (analysis.testRuns.length === 0) console.log(dim(`- ${file}: no tests`));
    for (const run of analysis.testRuns) {
      if (run.skipped !== undefined) {
        console.log(dim(`- ${file}: ${run.name} (not run: ${run.skipped}; --store or --prices runs it)`));
        continue;
      }
      if (run.failures.length === 0) {
        passed++;
        console.log(`${green('✓')} ${file}: ${run.name}${pricedIn(run)}`);
        continue;
      }
      failed++;
      console.log(`${red('✗')} ${file}: ${run.name}${pricedIn(run)}`);
      for (const { line, column, problem } of run.failures)
        console.log(`    ${file}:${line}:${column}: ${red('E_TEST_FAILED')} ${problem}`);
    }
  }
  const summary = `${passed} passed, ${failed} failed`;
  console.log(failed > 0 ? bold(red(summary)) : bold(green(summary)));
  return failed > 0 ? EXIT.PROBLEMS : EXIT.OK;
}
