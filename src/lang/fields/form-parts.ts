// What the field types share to write their part of the form document (its wire shape: src/api/form-field.ts).

/** The given rules without the absent ones; undefined when none is left (the form then omits `validation`). */
export function rules(o: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}
