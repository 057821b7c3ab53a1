// Diagnostics as compilers print them, `file:line:column: code message`, so editors and CI annotate the line.
import type { Diagnostic, Note, SchemaAnalysis } from '../lang';
import { dim, red, yellow } from './style';

function diagnosticLine(file: string, d: Diagnostic | Note): string {
  const code = d.severity === 'error' ? red(d.code) : d.severity === 'warning' ? yellow(d.code) : dim(d.code);
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

/** The analysis notes (`cpq check --verbose`), as diagnostics are printed: nothing to change, what the analysis found. */
export function noteLines(file: string, analysis: Pick<SchemaAnalysis, 'notes'>): string[] {
  return analysis.notes.map((d) => diagnosticLine(file, d));
}
