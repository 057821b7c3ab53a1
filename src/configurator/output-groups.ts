import type { Permission } from '../api/permissions';
import { ApiError } from '../errors';
import type { ProductIR } from '../lang/ir';

export interface OutputSelection {
  groups: Set<string>;
  /** Internal groups `*` would have included but the key may not read (no `production:read`). */
  withheld: string[];
}

/**
 * Which output groups a calculation returns: by default the customer-facing ones; a list names exactly the
 * groups wanted; `*` means every group this key may read. An internal group needs `production:read`: named
 * explicitly without it is 403; under `*` it is left out and reported as withheld.
 */
export function selectOutputGroups(
  ir: ProductIR,
  requested: string[] | undefined,
  permissions: readonly Permission[],
): OutputSelection {
  const mayReadInternal = permissions.includes('production:read');
  if (requested === undefined) return { groups: new Set(ir.outputs.filter((o) => !o.internal).map((o) => o.id)), withheld: [] };
  const known = new Map(ir.outputs.map((o) => [o.id, o]));
  const unknown = requested.flatMap((name, i) => (name !== '*' && !known.has(name) ? [{ name, i }] : []));
  if (unknown.length > 0) {
    const available = [...known.keys()].join(', ') || 'none';
    throw new ApiError('BAD_REQUEST', `Unknown output group(s): ${unknown.map((u) => u.name).join(', ')}`, {
      errors: unknown.map(({ name, i }) => ({
        field: `output_groups.${i}`,
        code: 'UNKNOWN_OUTPUT_GROUP',
        message: `Unknown output group '${name}'; this product has: ${available}`,
        location: 'body',
      })),
      details: { available: [...known.keys()] },
    });
  }
  const named = requested.filter((name) => name !== '*').map((name) => known.get(name)!);
  const forbidden = named.filter((o) => o.internal && !mayReadInternal).map((o) => o.id);
  if (forbidden.length > 0) {
    throw new ApiError(
      'FORBIDDEN',
      `Output group(s) ${forbidden.join(', ')} hold production data; this API key lacks 'production:read'`,
      {
        details: { groups: forbidden, required_permission: 'production:read' },
      },
    );
  }
  if (!requested.includes('*')) return { groups: new Set(named.map((o) => o.id)), withheld: [] };
  const readable = ir.outputs.filter((o) => !o.internal || mayReadInternal);
  const withheld = ir.outputs.filter((o) => o.internal && !mayReadInternal).map((o) => o.id);
  return { groups: new Set(readable.map((o) => o.id)), withheld };
}
