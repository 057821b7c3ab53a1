// The IR as stored (product_versions.compiled): plain JSON, except that fields offering one option set share one
// array of options in memory (compile/index.ts), which the stored form writes once: a later field's `options` is
// the index of the first field with the same array. Written out per field, a set of 1,000 options offered by
// 2,000 fields was 88 MB of JSON from a 119 KB schema (issue 27).
import type { FieldIR, ProductIR } from './ir';

/**
 * Bytes (UTF-8) of one stored part of a compiled form. D1 refuses a value over 2,000,000 bytes (miniflare from
 * about 2 MB too) and a row over 2,000,000; a part of 800,000 leaves room for the row's source (512 KiB) and
 * warnings beside the first part.
 */
export const COMPILED_PART_BYTES = 800_000;

/**
 * Bytes of a compiled form, at most (5 parts): checked by the analysis (E_LIMIT), so a schema that validates can
 * be saved. An ordinary schema compiles to about 2.7 times its size (512 KiB → 1.4 MB); only schemas dense with
 * short expressions come near it.
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

/** The stored form cut into parts of at most COMPILED_PART_BYTES, never inside a surrogate pair. */
export function compiledParts(json: string): string[] {
  if (json.length * 3 <= COMPILED_PART_BYTES) return [json];
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > COMPILED_PART_BYTES) {
      parts.push(json.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (pair) i++;
  }
  parts.push(json.slice(start));
  return parts;
}
