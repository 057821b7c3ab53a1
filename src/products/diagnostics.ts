import { z } from '@hono/zod-openapi';
import { Truncated } from '../api/openapi';
import { capList } from '../http/cap';
import type { Analysis, Diagnostic } from '../lang';
import { analyzed } from './analyses';

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
    example: {
      line: 3,
      column: 14,
      end_line: 3,
      end_column: 19,
      code: 'E_UNDEFINED',
      message: "Unknown name 'widht'; did you mean 'width'?",
    },
  });

export type DiagnosticJson = z.infer<typeof DiagnosticJson>;

export function diagnosticJson(d: Diagnostic): DiagnosticJson {
  return { line: d.line, column: d.column, end_line: d.endLine, end_column: d.endColumn, code: d.code, message: d.message };
}

/**
 * An analysis' errors and warnings, each list capped (src/http/cap.ts); `truncated` counts what was left out,
 * present only when a list was cut.
 */
export function splitDiagnostics({ diagnostics, omitted }: Pick<Analysis, 'diagnostics' | 'omitted'>) {
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

export const ValidationResult = z
  .object({
    valid: z.boolean(),
    errors: z.array(DiagnosticJson),
    warnings: z.array(DiagnosticJson),
    truncated: Truncated.optional(),
    tests: z
      .object({ passed: z.number().int().min(0), failed: z.number().int().min(0) })
      .strict()
      .openapi({
        description:
          "The schema's test blocks that passed and failed (each failing expectation is an E_TEST_FAILED error); both 0 when the schema has other errors, since tests run on the compiled product",
      }),
  })
  .openapi('ValidationResult');

/** The spec's schema validation result (§2.4) for a source text. */
export function validationResult(schema: string): z.infer<typeof ValidationResult> {
  const analysis = analyzed(schema);
  const { errors, warnings, truncated } = splitDiagnostics(analysis);
  return { valid: errors.length === 0, errors, warnings, ...(truncated ? { truncated } : {}), tests: analysis.tests };
}
