// `cpq diff <store>/<product> <file>`: what publishing the file would change: its source against the published
// version's (src/products/diff.ts, the diff the version history shows), then the price of each of the file's test
// configurations under both.
import { analyze, type TestRun } from '../lang';
import { instantiate } from '../lang/instantiate';
import type { ProductIR } from '../lang/ir';
import { adminApi, type RemoteOptions } from './admin-api';
import { CliError, EXIT, type ExitCode } from './exit';
import { readSchema } from './files';
import { diagnosticLines, hasErrors } from './report';
import { printSourceDiff } from './source-diff';
import { bold, dim } from './style';

function splitTarget(target: string): { store: string; id: string } {
  const slash = target.indexOf('/');
  if (slash <= 0 || slash === target.length - 1) throw new CliError(`expected <store>/<product>, got "${target}"`, EXIT.USAGE);
  return { store: target.slice(0, slash), id: target.slice(slash + 1) };
}

/** The total a test's configuration prices at, or why it does not. */
function priceOf(ir: ProductIR | null, run: TestRun): string {
  if (!ir) return '—';
  const evaluation = instantiate(ir).evaluate({ configuration: run.given, quantity: run.quantity });
  return evaluation.price ? `${evaluation.price.total} ${evaluation.price.currency}` : `no price (${evaluation.errors[0]?.code})`;
}

export async function diff(target: string, file: string, options: RemoteOptions): Promise<ExitCode> {
  const { store, id } = splitTarget(target);
  const after = readSchema(file);
  const published = await adminApi(options).product(store, id);
  const before = published?.source ?? '';
  console.log(
    bold(published ? `${store}/${id} v${published.current_version} → ${file}` : `${store}/${id} (not published) → ${file}`),
  );

  printSourceDiff(before, after);

  const analysis = analyze(after);
  for (const line of diagnosticLines(file, analysis)) console.log(line);
  // Test failures leave the IR out of the analysis; the prices compare the compiled products all the same.
  const irAfter = analyze(after, { tests: false }).ir;
  const irBefore = published ? analyze(before, { tests: false }).ir : null;
  if (analysis.testRuns.length > 0) console.log('prices of the test configurations (published → file):');
  for (const run of analysis.testRuns) {
    const [was, now] = [priceOf(irBefore, run), priceOf(irAfter, run)];
    console.log(`  ${run.name}: ${was === now ? dim(`${was} (unchanged)`) : `${was} → ${bold(now)}`}`);
  }
  return hasErrors(analysis) ? EXIT.PROBLEMS : EXIT.OK;
}
