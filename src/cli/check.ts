// `cpq check`: the Worker's whole pipeline (src/lang, `analyze`) on each file, as /v1/validate runs it.
import { analyze } from '../lang';
import { validationResult } from '../products/diagnostics';
import { EXIT, type ExitCode } from './exit';
import { readSchema } from './files';
import { diagnosticLines, hasErrors, noteLines } from './report';
import { dim, red } from './style';

export interface CheckOptions {
  format: 'text' | 'json';
  /** Print the analysis notes too (text format; json always has them, as `notes`). */
  verbose?: boolean;
}

export function check(files: string[], options: CheckOptions): ExitCode {
  const sources = files.map((file) => ({ file, source: readSchema(file) }));
  if (options.format === 'json') {
    // Per file, exactly what POST /v1/validate answers for it.
    const results = sources.map(({ file, source }) => ({ file, ...validationResult(source) }));
    console.log(JSON.stringify(results, null, 2));
    return results.every((r) => r.valid) ? EXIT.OK : EXIT.PROBLEMS;
  }
  let withErrors = 0;
  for (const { file, source } of sources) {
    const analysis = analyze(source);
    for (const line of diagnosticLines(file, analysis)) console.log(line);
    if (options.verbose) for (const line of noteLines(file, analysis)) console.log(line);
    if (hasErrors(analysis)) withErrors++;
  }
  const summary = `${files.length} checked, ${withErrors} with errors`;
  console.log(withErrors > 0 ? red(summary) : dim(summary));
  return withErrors > 0 ? EXIT.PROBLEMS : EXIT.OK;
}
