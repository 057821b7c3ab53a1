import { createRoute, z } from '@hono/zod-openapi';
import { VersionDiff, VersionNumber, VersionParams } from '../../api/admin/versions';
import { capList } from '../../api/list-caps';
import { ADMIN_SECURITY, errorResponses, json } from '../../api/openapi';
import { newApp } from '../../http/factory';
import { diffVersions } from '../../products/service';

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
