// The wire shapes of a product's version history (admin API): a version's path and the diff of two.
import { z } from '@hono/zod-openapi';
import { Truncated } from '../openapi';
import { ProductParams } from './params';

/**
 * The most line edits the exact diff (src/products/diff.ts) looks for, which the contract states; its memory grows
 * with the square of this (1,000 → about 4 MB).
 */
export const MAX_EDITS = 1000;

export const VersionNumber = z.coerce.number().int().positive().max(999_999_999);

export const VersionParams = ProductParams.extend({
  version: VersionNumber.openapi({ param: { name: 'version', in: 'path' }, type: 'integer' }),
});

const Hunk = z
  .object({
    old_start: z.number().int(),
    old_lines: z.number().int(),
    new_start: z.number().int(),
    new_lines: z.number().int(),
    lines: z.array(z.string()).openapi({ description: "Each line prefixed as in a unified diff: ' ', '-' or '+'" }),
  })
  .openapi('DiffHunk');

export const VersionDiff = z
  .object({
    from_version: z.number().int(),
    to_version: z.number().int(),
    added: z.number().int(),
    removed: z.number().int(),
    approximate: z.boolean().openapi({
      description: `More than ${MAX_EDITS} lines changed: the changed part is shown as removed, then added, not line by line`,
    }),
    hunks: z.array(Hunk).openapi({ description: 'The changes with 3 unchanged lines around each; at most 100 hunks' }),
    truncated: Truncated.optional(),
  })
  .openapi('VersionDiff');
