// Diagnostics as compilers print them, `file:line:column: code message`, so editors and CI annotate the line.
import type { Diagnostic, SchemaAnalysis } from '../lang';
import { red, yellow } from './style';

function diagnosticLine(file: string, d: Diagnostic): string {
  const code = d.severity === 'error' ? red(d.code) : yellow(d.code);
  return `${file}:${d.line}:${d.column}: ${code} ${d.message}`;
}

/** Every kept diagnostic of an analysis, then how many the analysis counted beyond them. */
export function diagnosticLines(file: string, analysis: Pick<SchemaAnalysis, 'diagnostics' | 'omitted'>): string[] {
  const lines = analysis.diagnostics.map((d) => diagnosticLine(file, d));
  const { errors, warnings } = analysis.omitted;
  if (errors + warnings > 0) lines.push(`${file}: ${errors} more errors and ${warnings} more warnings not listed`);
  return lines;
}

export const hasErrors = (analysis: Pick<SchemaAnalysis, 'diagnostics' | 'omitted'>) =>
  analysis.omitted.errors > 0 || analysis.diagnostics.some((d) => d.severity === 'error');
