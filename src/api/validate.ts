// The wire shapes of schema validation (POST /v1/validate and the admin API's): the request and the diagnostics.
import { z } from '@hono/zod-openapi';
import { Truncated } from './openapi';

export const SchemaBody = z
  .object({ schema: z.string().openapi({ description: 'The schema source; line breaks inside the string' }) })
  .strict()
  .openapi('SchemaBody');

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

export const ValidationResult = z
  .object({
    valid: z.boolean(),
    errors: z.array(DiagnosticJson),
    warnings: z.array(DiagnosticJson),
    notes: z.array(DiagnosticJson).openapi({
      description:
        'Analysis notes (code I_…): what the analysis found that asks nothing of the modeller, e.g. I_SEARCHED, a check the exact engine verifies by evaluation at little cost; never a warning. At most 100',
    }),
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
