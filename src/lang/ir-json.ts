// The IR as stored (product_versions.compiled): plain JSON, except that fields offering one option set share one
// array of options in memory (compile/index.ts), which the stored form writes once: a later field's `options` is
// the index of the first field with the same array. Written out per field, a set of 1,000 options offered by
// 2,000 fields was 88 MB of JSON from a 119 KB schema (issue 27).
import type { FieldIR, ProductIR } from './ir';

/**
 * Bytes of a compiled form, at most (stored in parts, src/db/parts.ts): checked by the analysis (E_LIMIT), so a
 * schema that validates can be saved; it also bounds what a cold isolate parses and instantiates to serve a
 * version. A compatibility table compiles to about its source's size, an ordinary schema to about 2.7 times it,
 * so schemas of ordinary declarations past about 1.4 MB reach this bound before the source limits.
 */
export const MAX_COMPILED_BYTES = 4_000_000;

type StoredField = Omit<FieldIR, 'options'> & { options?: FieldIR['options'] | number };

export function irToJson(ir: ProductIR): string {
  const first = new Map<unknown, number>();
  const fields = ir.fields.map((f, i): StoredField => {
    if (f.options === undefined) return f;
    const earlier = first.get(f.options);
    if (earlier === undefined) {
      first.set(f.options, i);
      return f;
    }
    return { ...f, options: earlier };
  });
  return JSON.stringify({ ...ir, fields });
}

/** The parsed stored form with shared options linked again; the caller checks `irVersion` before trusting it. */
export function irFromJson(json: string): unknown {
  const ir = JSON.parse(json) as { fields?: StoredField[] } | null;
  if (ir === null || typeof ir !== 'object' || !Array.isArray(ir.fields)) return ir;
  const fields = ir.fields;
  for (const f of fields) {
    if (typeof f.options === 'number') f.options = fields[f.options]?.options;
  }
  return ir;
}
