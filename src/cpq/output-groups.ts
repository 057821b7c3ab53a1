import { ApiError } from '../errors';
import type { Permission } from '../keys/permissions';
import type { ProductIR } from '../lang/ir';

/**
 * Which output groups a calculation returns: by default the customer-facing ones; a list names exactly the
 * groups wanted; `*` means all of them, production data included. Internal groups need `production:read`.
 */
export function selectOutputGroups(ir: ProductIR, requested: string[] | undefined, permissions: readonly Permission[]): Set<string> {
  if (requested === undefined) return new Set(ir.outputs.filter((o) => !o.internal).map((o) => o.id));
  const all = requested.includes('*');
  const known = new Map(ir.outputs.map((o) => [o.id, o]));
  const unknown = requested.filter((name) => name !== '*' && !known.has(name));
  if (unknown.length > 0) {
    throw new ApiError('BAD_REQUEST', `Unknown output group(s): ${unknown.join(', ')}`, {
      details: { field: 'output_groups', unknown, available: [...known.keys()] },
    });
  }
  const chosen = all ? ir.outputs : requested.map((name) => known.get(name)!);
  const internal = chosen.filter((o) => o.internal).map((o) => o.id);
  if (internal.length > 0 && !permissions.includes('production:read')) {
    throw new ApiError('FORBIDDEN', `Output group(s) ${internal.join(', ')} hold production data; this API key lacks 'production:read'`, {
      details: { groups: internal, required_permission: 'production:read' },
    });
  }
  return new Set(chosen.map((o) => o.id));
}
