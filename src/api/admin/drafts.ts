// The wire shapes of a product's draft (admin API): the source the editor saves as the author types.
import { z } from '@hono/zod-openapi';
import { ValidationResult } from '../validate';

export const Draft = z
  .object({
    source: z.string(),
    updated_at: z.string(),
    base_version: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The version the draft started from; null for a product not yet published' }),
  })
  .openapi('Draft');

export const SavedDraft = z.object({ updated_at: z.string(), ...ValidationResult.shape }).openapi('SavedDraft', {
  description: 'When it was saved, and its diagnostics as /validate: a draft with errors is saved all the same',
});

export const DraftBody = z
  .object({ source: z.string().openapi({ description: 'The schema source; at most 4 MiB (UTF-8)' }) })
  .strict()
  .openapi('DraftBody');
