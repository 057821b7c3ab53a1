// The wire shapes of POST /v1/calculate: its request, its answer and its 422; /v1/configure and quotes reuse the parts.
import { z } from '@hono/zod-openapi';
import { FieldValues, Lang, OutputGroups, Quantity, Truncated } from './openapi';
import { OutputInfo } from './output-info';
import { Pricing, PricingFields } from './pricing';

/** A value of the language as `because` reports it. */
export const Because = z
  .record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.array(z.string()).readonly()]))
  .openapi('Because', {
    description:
      'The values that made it arise, by field name (or quantity): the sent, default or derived values the deciding ' +
      'parts of its condition read (docs/api.md, "Because"; a multi-select field as its list of option ids); empty when none can be named',
    example: { height: 2700 },
  });

/** A warning, or a reason a configuration cannot be priced: every 422 entry, every 200 warning. */
export const Issue = z
  .object({
    code: z
      .string()
      .openapi({ description: 'UNKNOWN_FIELD, BELOW_MIN, …, RULE, CONSTRAINT, R_DIV_ZERO, … (docs/api.md, "Calculate")' }),
    message: z.string().openapi({ description: 'For the customer, in the negotiated language' }),
    field: z.string().optional().openapi({ description: 'The configuration key it is about' }),
    rule: z.string().optional().openapi({
      description:
        "What fired: the rule or constraint (RULE, CONSTRAINT; `field.option` for an option's available_when), the field whose value is invalid, or the rule whose evaluation failed",
    }),
    line: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({ description: "The schema line of the rule, constraint, field or failing expression, for the schema's author" }),
    column: z.number().int().min(1).optional().openapi({ description: 'The schema column, counted like diagnostics' }),
    because: Because,
  })
  .openapi('Issue');

export const CalculateRequest = z
  .object({
    tenant_id: z.string().min(1),
    product_id: z.string().min(1).max(128),
    configuration: FieldValues,
    quantity: Quantity.optional(),
    lang: Lang.optional(),
    output_groups: OutputGroups.optional(),
    ...PricingFields,
  })
  .strict()
  .openapi('CalculateRequest');

/** A field's value; a multi-select's is its list of option ids. */
export const Value = z.union([z.number(), z.string(), z.boolean(), z.array(z.string()).readonly()]);

export const AdjustedDefault = z
  .object({
    field: z.string(),
    value: Value.openapi({ description: 'The value the calculation used' }),
    replaced_default: Value.openapi({ description: "The field's default, which the values sent exclude" }),
  })
  .strict()
  .openapi('AdjustedDefault');

export const CalculationResult = z
  .object({
    product_id: z.string(),
    version: z.number().int(),
    language: z.string(),
    configuration: z.record(z.string(), z.unknown()),
    adjusted: z.array(AdjustedDefault).optional().openapi({
      description:
        'Soft defaults: the fields not sent whose default the values sent exclude, and the nearest value that completes (for a choice field, the option whose completion costs least), used instead (docs/schema-language.md, "Effective values"); absent when every default is used',
    }),
    result: z
      .object({
        totals: z
          .object({
            price: z.number().openapi({ description: 'subtotal − discount' }),
            unit_price: z.number().openapi({ description: 'Sum of the per-unit lines' }),
            charges: z.number().openapi({ description: 'Sum of the per-order lines (charged once, whatever the quantity)' }),
            subtotal: z.number().openapi({ description: 'unit_price × quantity + charges' }),
            discount: z.number().openapi({ description: 'The quantity discount, a rate of unit_price × quantity only' }),
            currency: z.string(),
          })
          .strict(),
        lines: z.array(
          z
            .object({
              id: z.string(),
              kind: z.enum(['line', 'surcharge', 'discount']),
              per: z.enum(['unit', 'order']).openapi({ description: 'unit: charged per piece; order: once per order' }),
              label: z.string(),
              amount: z.number(),
            })
            .strict(),
        ),
        groups: z
          .record(z.string(), z.record(z.string(), z.number()))
          .openapi({ description: 'Output group id → item id → quantity', example: { bom: { profile_m: 5.2, glass_m2: 1.68 } } }),
        texts: z.record(z.string(), z.record(z.string(), z.string())).openapi({
          description:
            'Text-valued output items (a print method, a colour name): group id → item id → text; only groups that have one',
          example: { production: { method: 'screen print' } },
        }),
        output_info: z.record(z.string(), OutputInfo).openapi({
          description: "For each returned group: its label, unit, whether it is internal, and each item's label, unit and type",
        }),
      })
      .strict(),
    withheld_groups: z
      .array(z.string())
      .openapi({ description: 'Groups ["*"] left out because the key lacks production:read; always present, usually empty' }),
    quantity: z
      .object({ value: z.number().int(), min: z.number().int(), max: z.number().int(), step: z.number().int() })
      .strict(),
    warnings: z.array(Issue).max(100),
    errors: z.array(Issue).max(0).openapi({ description: 'Always empty on 200: a configuration with errors answers 422' }),
    truncated: Truncated.optional(),
    pricing: Pricing,
  })
  .strict()
  .openapi('CalculationResult');

export const ValidationFailed = z
  .object({
    error: z.string().openapi({ description: 'The first problem, in the negotiated language, and "(+n)" for the others' }),
    code: z.literal('VALIDATION_FAILED'),
    errors: z.array(Issue).min(1).max(100),
    warnings: z.array(Issue).max(100),
    adjusted: z.array(AdjustedDefault).optional().openapi({
      description:
        'The soft defaults the errors were found with, as in the 200 answer: a configuration that only lacks a value the buyer will type (a date, a text) is adjusted first, and its errors are those of the adjusted configuration (docs/schema-language.md, "Soft defaults")',
    }),
    truncated: Truncated.optional(),
  })
  .strict()
  .openapi('CalculationRejected');
