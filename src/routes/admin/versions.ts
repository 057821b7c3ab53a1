import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_SECURITY, errorResponses, json, Truncated } from '../../api/openapi';
import { capList } from '../../http/cap';
import { newApp } from '../../http/factory';
import { MAX_EDITS } from '../../products/diff';
import { diffVersions } from '../../products/service';
import { ProductParams } from './params';

const VersionNumber = z.coerce.number().int().positive().max(999_999_999);

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

export const versionsApi = newApp().openapi(
  createRoute({
    method: 'get',
    path: '/{store_id}/products/{external_id}/versions/{version}/diff',
    operationId: 'diffProductVersions',
    tags: ['Admin: products'],
    security: ADMIN_SECURITY,
    summary: 'A line diff from one version of a product to another, by default to the current version',
    request: {
      params: VersionParams,
      query: z.object({
        against: VersionNumber.optional().openapi({ description: 'The other version; default: the current one' }),
      }),
    },
    responses: { 200: json(VersionDiff, 'The diff'), ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const { store_id, external_id, version } = c.req.valid('param');
    const { from, to, diff } = await diffVersions(c.env, store_id, external_id, version, c.req.valid('query').against);
    const hunks = capList(diff.hunks);
    return c.json(
      {
        from_version: from.version,
        to_version: to.version,
        added: diff.added,
        removed: diff.removed,
        approximate: diff.approximate,
        hunks: hunks.items.map((h) => ({
          old_start: h.oldStart,
          old_lines: h.oldLines,
          new_start: h.newStart,
          new_lines: h.newLines,
          lines: h.lines,
        })),
        ...(hunks.omitted > 0 ? { truncated: { hunks: hunks.omitted } } : {}),
      },
      200,
    );
  },
);
