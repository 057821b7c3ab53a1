// Pieces the field types share to write their part of the form document and its OpenAPI schema.
import { z } from '@hono/zod-openapi';

/** JSON Logic (jsonlogic.com): an operation object, or a literal. Never null. */
export const JsonLogic = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string(), z.number(), z.boolean()])
  .openapi('JsonLogic', {
    description:
      'JSON Logic with the extra operations of docs/api.md ("Conditions as JSON Logic"); fields and lets are read with {"value": name}',
  });

/** A condition or computed value as the form carries it. */
export const ConditionJson = z.object({ source: z.string(), json_logic: JsonLogic }).openapi('ConditionJson', {
  description: "The source text, and JSON Logic giving the server's answer for every configuration",
});

/** The given rules without the absent ones; undefined when none is left (the form then omits `validation`). */
export function rules(o: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}
