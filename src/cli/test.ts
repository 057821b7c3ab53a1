// `cpq test`: each schema's `test` blocks, run by the same code as on every save (src/lang/run-tests.ts).
import { analyze } from '../lang';
import { EXIT, type ExitCode } from './exit';
import { readSchema } from './files';
import { diagnosticLines, hasErrors } from './report';
import { bold, dim, green, red } from './style';

export function test(files: string[]): ExitCode {
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const analysis = analyze(readSchema(file));
    if (analysis.testRuns.length === 0 && hasErrors(analysis)) {
      // The tests run on the compiled product: a schema with other errors runs none, and counts as one failure.
      console.log(`${red('✗')} ${file}: the schema has errors, its tests did not run`);
      for (const line of diagnosticLines(file, analysis)) console.log(`    ${line}`);
      failed++;
      continue;
    }
    if (analysis.testRuns.length === 0) console.log(dim(`- ${file}: no tests`));
    for (const run of analysis.testRuns) {
      if (run.failures.length === 0) {
        passed++;
        console.log(`${green('✓')} ${file}: ${run.name}`);
        continue;
      }
      failed++;
      console.log(`${red('✗')} ${file}: ${run.name}`);
      for (const { line, column, problem } of run.failures)
        console.log(`    ${file}:${line}:${column}: ${red('E_TEST_FAILED')} ${problem}`);
    }
  }
  const summary = `${passed} passed, ${failed} failed`;
  console.log(failed > 0 ? bold(red(summary)) : bold(green(summary)));
  return failed > 0 ? EXIT.PROBLEMS : EXIT.OK;
}
