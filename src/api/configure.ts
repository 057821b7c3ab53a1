// The wire shapes of POST /v1/configure: its request and its answer.
import { z } from '@hono/zod-openapi';
import { Because, CalculationResult, Issue, Value } from './calculate';
import { FieldValues, Lang, Quantity, Truncated } from './openapi';
import { Pricing, PricingFields } from './pricing';

export const ConfigureRequest = z
  .object({
    tenant_id: z.string().min(1),
    product_id: z.string().min(1).max(128),
    configuration: FieldValues.openapi({ description: 'Only the values the buyer has set so far' }),
    quantity: Quantity.optional(),
    lang: Lang.optional(),
    want: z
      .object({
        field: z.string().min(1).max(1000).openapi({ description: 'A choice field, multi-select or checkbox' }),
        option: z
          .string()
          .min(1)
          .max(1000)
          .openapi({ description: 'One of its option ids as `options` lists them ("true", "false" for a checkbox)' }),
      })
      .strict()
      .optional()
      .openapi({
        description:
          'An option the buyer would like: the answer\'s `want` says what to change among the values sent to make it available (docs/api.md, "Configure")',
      }),
    conflicts: z.boolean().optional().openapi({
      description:
        'true: each unavailable option (the first 20) also lists `conflict`, the fewest values sent that together exclude it',
    }),
    compact: z.boolean().optional().openapi({
      description:
        'true: each field with options lists `available`, the ids of its options that are available, instead of `options`, and no reasons are looked for, except for the fields named in `explain`',
    }),
    explain: z.array(z.string().min(1).max(1000)).max(20).optional().openapi({
      description:
        'With `compact: true` only: fields with options (at most 20) that keep their full `options`, with reasons (and `conflict` with `conflicts: true`)',
    }),
    ...PricingFields,
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
        "sent: the buyer's value is used; refused: the buyer's value is not valid (see error), the default is used; ignored: sent for a field that is hidden or disabled; derived: a computed field; default: not sent, its default is used; adjusted: not sent, and the values sent exclude its default, so the nearest value that completes (for a choice field, the cheapest) is used (see replaced_default)",
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
            conflict: z.array(z.string()).optional().openapi({
              description:
                'With `conflicts: true`, for an unavailable option: the fewest fields sent whose values together exclude it (changing any one of them would let it complete); [] when no configuration has it',
            }),
          })
          .strict(),
      )
      .optional()
      .openapi({
        description:
          'Choice fields: their options; checkboxes: "false" and "true". In a compact answer, only for the fields in `explain`',
      }),
    available: z.array(z.string()).optional().openapi({
      description:
        'A compact answer (`compact: true`), for a field with options not in `explain`: the ids of its options that are available, in schema order',
    }),
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

export const WantResult = z
  .object({
    field: z.string(),
    option: z.string(),
    available: z
      .boolean()
      .nullable()
      .openapi({ description: 'It completes with every value sent; null when the budget ran out first' }),
    possible: z
      .boolean()
      .nullable()
      .openapi({ description: 'Some configuration has it at all; null when the budget ran out first' }),
    conflict: z.array(z.string()).optional().openapi({
      description: 'When not available: the fewest fields sent that together exclude it; [] when it is not possible',
    }),
    suggestions: z
      .array(
        z
          .object({
            change: z.record(z.string(), Value).openapi({
              description:
                'The fields sent to change and their new values: with them and the wanted option, the other values sent kept, the configuration completes',
            }),
          })
          .strict(),
      )
      .max(3)
      .openapi({
        description: 'Minimal changes, fewest fields first (at most 3); empty when it is available already or not possible',
      }),
    complete: z
      .boolean()
      .openapi({ description: 'false when the bounded search for changes stopped before its end: there may be others' }),
  })
  .strict()
  .openapi('WantResult');

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
        'What the caps left out: errors and warnings (100 each), reasons (3 per option, 1,000 in all), and fields, options and reasons past 600,000 bytes; conflicts (20 per answer, or past the budget)',
    }),
    want: WantResult.optional().openapi({ description: "The answer to the request's `want`" }),
    pricing: Pricing,
  })
  .strict()
  .openapi('ConfigureResult');
