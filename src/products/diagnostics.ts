import { z } from '@hono/zod-openapi';
import { analyze, type Diagnostic } from '../lang';

export const DiagnosticJson = z
  .object({
    line: z.number().int(),
    column: z.number().int(),
    end_line: z.number().int(),
    end_column: z.number().int(),
    code: z.string(),
    message: z.string(),
  })
  .openapi('Diagnostic', {
    example: { line: 3, column: 14, end_line: 3, end_column: 19, code: 'E_UNDEFINED', message: "Unknown name 'widht'; did you mean 'width'?" },
  });

export type DiagnosticJson = z.infer<typeof DiagnosticJson>;

export function diagnosticJson(d: Diagnostic): DiagnosticJson {
  return { line: d.line, column: d.column, end_line: d.endLine, end_column: d.endColumn, code: d.code, message: d.message };
}

export function splitDiagnostics(diagnostics: Diagnostic[]) {
  return {
    errors: diagnostics.filter((d) => d.severity === 'error').map(diagnosticJson),
    warnings: diagnostics.filter((d) => d.severity === 'warning').map(diagnosticJson),
  };
}

export const ValidationResult = z
  .object({ valid: z.boolean(), errors: z.array(DiagnosticJson), warnings: z.array(DiagnosticJson) })
  .openapi('ValidationResult');

/** The spec's schema validation result (§2.4) for a source text. */
export function validationResult(schema: string): z.infer<typeof ValidationResult> {
  const { errors, warnings } = splitDiagnostics(analyze(schema).diagnostics);
  return { valid: errors.length === 0, errors, warnings };
}
