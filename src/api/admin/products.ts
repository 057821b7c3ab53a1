// The wire shapes of products and their versions (admin API).
import { z } from '@hono/zod-openapi';
import { Truncated } from '../openapi';
import { DiagnosticJson, SchemaBody } from '../validate';

/** The longest note on a version (the editor's note input uses it too). */
export const VERSION_NOTE_MAX = 1000;

/** The author's note on a version: what changed and why. Blank is no note. */
export const VersionNote = z
  .string()
  .trim()
  .max(VERSION_NOTE_MAX)
  .transform((v) => v || null)
  .openapi({
    type: 'string',
    description: 'What changed, for the version history; at most 1,000 characters',
    example: 'Oak added',
  });

export const VersionInfo = z
  .object({
    version: z.number().int(),
    content_hash: z.string(),
    created_at: z.string(),
    note: z.string().nullable().openapi({ description: "The author's note, given when the version was published or saved" }),
  })
  .openapi('ProductVersionInfo');

export const SaveBody = SchemaBody.extend({ note: VersionNote.optional() }).strict().openapi('SaveProductBody');

export const SavedProduct = z
  .object({
    external_id: z.string(),
    name: z.string(),
    version: z.number().int(),
    content_hash: z.string(),
    created_at: z.string(),
    unchanged: z.boolean().openapi({ description: 'true when the source equals the current version, which is kept' }),
    warnings: z.array(DiagnosticJson),
    truncated: Truncated.optional(),
  })
  .openapi('SavedProduct');

export const ProductDetail = z
  .object({
    external_id: z.string(),
    name: z.string(),
    current_version: z.number().int(),
    content_hash: z.string(),
    source: z.string(),
    warnings: z.array(DiagnosticJson),
    created_at: z.string(),
    updated_at: z.string(),
    versions: z.array(VersionInfo),
  })
  .openapi('Product');

export const ProductSummary = z
  .object({
    external_id: z.string(),
    name: z.string(),
    current_version: z.number().int(),
    updated_at: z.string(),
    draft_updated_at: z.string().nullable().openapi({ description: 'When its draft was last saved; null without a draft' }),
  })
  .openapi('ProductSummary');

export const UnpublishedDraft = z
  .object({ external_id: z.string(), updated_at: z.string() })
  .openapi('UnpublishedDraft', { description: 'The draft of a product that has no version yet' });

export const ProductList = z.object({
  products: z.array(ProductSummary),
  drafts: z.array(UnpublishedDraft).openapi({ description: 'Drafts of new products, not yet published' }),
});

export const VersionDetail = VersionInfo.extend({ source: z.string(), warnings: z.array(DiagnosticJson) }).openapi(
  'ProductVersion',
);

export const ProductRejected = z
  .object({
    error: z.string(),
    code: z.literal('VALIDATION_FAILED'),
    errors: z.array(DiagnosticJson).min(1).max(100).openapi({ description: "The schema's errors, each with line and column" }),
    truncated: Truncated.optional(),
  })
  .strict()
  .openapi('ProductRejected');
