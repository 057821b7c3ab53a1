// The wire shape of a store's quote settings (admin API).
import { z } from '@hono/zod-openapi';
import { isPercentPrecise } from '../decimals';

export const QuoteSettings = z
  .object({
    approval_threshold_percent: z
      .number()
      .min(0)
      .max(100)
      .refine(isPercentPrecise, { message: 'At most 2 decimals' })
      .nullable()
      .openapi({
        description:
          'A quote discount above this share of the subtotal needs approval, 0–100 with at most 2 decimals; null: never',
      }),
  })
  .strict()
  .openapi('QuoteSettings');
