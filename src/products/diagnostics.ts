import type { z } from '@hono/zod-openapi';
import { capList } from '../api/list-caps';
import type { DiagnosticJson, ValidationResult } from '../api/validate';
import type { Diagnostic, Note, SchemaAnalysis } from '../lang';
import { analyzed } from './analyses';

export function diagnosticJson(d: Diagnostic | Note): DiagnosticJson {
  return { line: d.line, column: d.column, end_line: d.endLine, end_column: d.endColumn, code: d.code, message: d.message };
}

/**
 * An analysis' errors and warnings, each list capped (src/api/list-caps.ts); `truncated` counts what was left out,
 * present only when a list was cut.
 */
export function splitDiagnostics({ diagnostics, omitted }: Pick<SchemaAnalysis, 'diagnostics' | 'omitted'>) {
  const errors = capList(diagnostics.filter((d) => d.severity === 'error'));
  const warnings = capList(diagnostics.filter((d) => d.severity === 'warning'));
  const cut = { errors: errors.omitted + omitted.errors, warnings: warnings.omitted + omitted.warnings };
  const truncated: Record<string, number> = {};
  if (cut.errors > 0) truncated.errors = cut.errors;
  if (cut.warnings > 0) truncated.warnings = cut.warnings;
  return {
    errors: errors.items.map(diagnosticJson),
    warnings: warnings.items.map(diagnosticJson),
    ...(cut.errors + cut.warnings > 0 ? { truncated } : {}),
  };
}

/** The spec's schema validation result (§2.4) for a source text. */
export function validationResult(schema: string): z.infer<typeof ValidationResult> {
  const analysis = analyzed(schema);
  const { errors, warnings, truncated } = splitDiagnostics(analysis);
  const notes = analysis.notes.map(diagnosticJson);
  return { valid: errors.length === 0, errors, warnings, notes, ...(truncated ? { truncated } : {}), tests: analysis.tests };
}
