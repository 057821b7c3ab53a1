// The wire shapes of a product's draft (admin API): the source the editor saves as the author types.
import { z } from '@hono/zod-openapi';
import { ValidationResult } from '../validate';
import { VersionNote } from './products';

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
  .object({
    source: z.string().openapi({ description: 'The schema source; at most 4 MiB (UTF-8)' }),
    base_version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().openapi({
      description:
        'The version the text was edited from (0 for a new product), kept when the draft is first saved; by default the current version',
    }),
  })
  .strict()
  .openapi('DraftBody');

export const PublishDraftBody = z
  .object({
    note: VersionNote.optional(),
    force: z.boolean().optional().openapi({
      description:
        "Publish even when a version was published since the draft's base_version (that version's changes are replaced); without it, 412",
    }),
  })
  .strict()
  .openapi('PublishDraftBody');
