// The wire shape of the language's conditions and computed values in the form document: JSON Logic, and a
// condition as its source with its JSON Logic.
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
