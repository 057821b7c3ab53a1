// The wire shapes of POST /v1/configure: its request and its answer.
import { z } from '@hono/zod-openapi';
import { Because, CalculationResult, Issue, Value } from './calculate';
import { FieldValues, Lang, Quantity, Truncated } from './openapi';

export const ConfigureRequest = z
  .object({
    tenant_id: z.string().min(1),
    product_id: z.string().min(1).max(128),
    configuration: FieldValues.openapi({ description: 'Only the values the buyer has set so far' }),
    quantity: Quantity.optional(),
    lang: Lang.optional(),
  })
  .strict()
  .openapi('ConfigureRequest');

export const Reason = z
  .object({
    rule: z.string().openapi({ description: "The constraint or error rule; `field.option` for an option's available_when" }),
    message: z.string().openapi({ description: 'Its message, in the negotiated language' }),
    line: z.number().int().min(1),
    column: z.number().int().min(1),
    because: Because,
  })
  .strict()
  .openapi('Reason');

export const ConfiguredField = z
  .object({
    id: z.string(),
    visible: z.boolean(),
    enabled: z.boolean(),
    required: z.boolean(),
    value: Value.openapi({ description: 'The value a calculation uses' }),
    source: z.enum(['sent', 'refused', 'default', 'adjusted', 'ignored', 'derived']).openapi({
      description:
        "sent: the buyer's value is used; refused: the buyer's value is not valid (see error), the default is used; ignored: sent for a field that is hidden or disabled; derived: a computed field; default: not sent, its default is used; adjusted: not sent, and the values sent exclude its default, so the nearest value that completes is used (see replaced_default)",
    }),
    replaced_default: Value.optional().openapi({ description: 'For an adjusted field: the default the values sent exclude' }),
    error: z
      .object({ code: z.string(), message: z.string() })
      .strict()
      .optional()
      .openapi({ description: 'For a refused value: the first error calculate reports for it, in the negotiated language' }),
    options: z
      .array(
        z
          .object({
            id: z.string(),
            available: z.boolean().openapi({ description: 'Choosing it still leads to a configuration that prices' }),
            reasons: z.array(Reason).max(3).openapi({
              description: 'Why it is not available (at most 3, the others counted in truncated.reasons); empty when it is',
            }),
          })
          .strict(),
      )
      .optional()
      .openapi({ description: 'Choice fields: their options; checkboxes: "false" and "true"' }),
    min: z
      .number()
      .optional()
      .openapi({ description: 'Numbers some constraint or error rule reads: the smallest value that can be completed' }),
    max: z
      .number()
      .optional()
      .openapi({ description: 'Numbers some constraint or error rule reads: the largest value that can be completed' }),
  })
  .strict()
  .openapi('ConfiguredField');

export const ConfigureResult = z
  .object({
    product_id: z.string(),
    version: z.number().int(),
    language: z.string(),
    complete: z.boolean().openapi({
      description:
        'false when the search ran out of its budget of work units, or the answer left options or fields out: options it could not decide are then reported available',
    }),
    fields: z.array(ConfiguredField),
    groups: z.array(z.object({ id: z.string(), visible: z.boolean(), enabled: z.boolean() }).strict()),
    errors: z.array(Issue).max(100).openapi({ description: "What /v1/calculate's 422 would list for this configuration" }),
    warnings: z.array(Issue).max(100),
    calculation: CalculationResult.shape.result
      .nullable()
      .openapi({ description: 'The `result` of /v1/calculate when this configuration prices, else null' }),
    truncated: Truncated.optional().openapi({
      description:
        'What the caps left out: errors and warnings (100 each), reasons (3 per option, 1,000 in all), and fields, options and reasons past 600,000 bytes',
    }),
  })
  .strict()
  .openapi('ConfigureResult');
