// The wire shape of a store's quote settings (admin API).
import { z } from '@hono/zod-openapi';

export const QuoteSettings = z
  .object({
    approval_threshold_percent: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .openapi({ description: 'A quote discount above this share of the subtotal needs approval; null: never' }),
  })
  .strict()
  .openapi('QuoteSettings');
