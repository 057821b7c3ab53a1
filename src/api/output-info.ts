// The wire shape of what a storefront shows next to output values (src/configurator/output-info.ts computes it).
import { z } from '@hono/zod-openapi';

export const OutputItemInfo = z
  .object({
    label: z.string().optional().openapi({ description: 'In the negotiated language; absent when the schema gives none' }),
    unit: z.string().optional().openapi({ description: "The item's unit, or else its group's" }),
    type: z.enum(['number', 'text']).openapi({ description: 'number: in result.groups; text: in result.texts' }),
  })
  .strict()
  .openapi('OutputItemInfo');

export const OutputInfo = z
  .object({
    label: z.string().optional(),
    unit: z.string().optional(),
    internal: z.boolean().openapi({ description: 'Production data, returned only to keys with production:read' }),
    items: z.record(z.string(), OutputItemInfo),
  })
  .strict()
  .openapi('OutputInfo');

export type OutputInfo = z.infer<typeof OutputInfo>;
