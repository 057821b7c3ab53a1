// The wire shape of what a storefront shows next to output values (src/configurator/output-info.ts computes it).
import { z } from '@hono/zod-openapi';

const LABEL = z.string().optional().openapi({
  description:
    'In the negotiated language: the schema\'s label, else the id made readable ("weight_kg" → "Weight kg", docs/schema-language.md); absent only in quote items priced by an older release',
});

export const OutputItemInfo = z
  .object({
    label: LABEL,
    unit: z.string().optional().openapi({ description: "The item's unit, or else its group's" }),
    type: z.enum(['number', 'text']).openapi({ description: 'number: in result.groups; text: in result.texts' }),
  })
  .strict()
  .openapi('OutputItemInfo');

export const OutputInfo = z
  .object({
    label: LABEL,
    unit: z.string().optional(),
    internal: z.boolean().openapi({ description: 'Production data, returned only to keys with production:read' }),
    items: z.record(z.string(), OutputItemInfo),
  })
  .strict()
  .openapi('OutputInfo');

export type OutputInfo = z.infer<typeof OutputInfo>;
