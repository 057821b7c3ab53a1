// Pieces the field types share to write their part of the form document and its OpenAPI schema.
import { z } from '@hono/zod-openapi';

/** A condition or computed value as the form carries it. */
export const ConditionJson = z
  .object({
    source: z.string(),
    json_logic: z
      .unknown()
      .openapi({ description: 'JSON Logic (jsonlogic.com); null when the expression has no JSON Logic form' }),
  })
  .openapi('ConditionJson');

/** The given rules without the absent ones; undefined when none is left (the form then omits `validation`). */
export function rules(o: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}
