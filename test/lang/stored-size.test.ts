// Validate and save agree (issue 27): what a save stores and a form serves is checked by the analysis, so a
// schema that validates can be saved and one that could not is E_LIMIT with the figure. Tables and option sets
// compile to about the size of their source; a compiled form larger than one D1 value is stored in parts.
import { describe, expect, it } from 'vitest';
import { PART_BYTES, textParts } from '../../src/db/parts';
import { analyze } from '../../src/lang/index';
import { irFromJson, irToJson, MAX_COMPILED_BYTES } from '../../src/lang/ir-json';
import { MAX_FORM_OPTIONS } from '../../src/lang/stored-size';
import { hostileConfigurations, hostileSchemas, largeTables } from '../fixtures/hostile/index';

const HEADER = 'product "P" {\n  language: en\n  currency: EUR\n}\n';
const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('the compiled form', () => {
  it('of 21 exclude tables of 1,400 rows is about the size of the source, not 25 times it', () => {
    const schema = largeTables(42, 100, 21, 1_400);
    const { ir } = analyze(schema);
    expect(bytes(irToJson(ir!))).toBeLessThan(2 * bytes(schema));
  });

  it('writes an option set offered by many fields once, and reads it back shared', () => {
    const schema = `${HEADER}options s {\n${Array.from({ length: 100 }, (_, i) => `  o${i} { label: "O${i}" }\n`).join('')}}\n${Array.from(
      { length: 40 },
      (_, i) => `field d${i}: dropdown { label: "D", options: s }\n`,
    ).join('')}`;
    const { ir } = analyze(schema);
    const json = irToJson(ir!);
    // Written per field, the 100 options would be 40 times in it.
    expect(bytes(json)).toBeLessThan(bytes(JSON.stringify(ir)) / 5);
    const back = irFromJson(json) as typeof ir;
    expect(back).toEqual(ir);
    expect(back!.fields[39]!.options).toBe(back!.fields[0]!.options);
  });

  it('passing what is stored is E_LIMIT with the figure: arithmetic dense enough to compile past 4 MB', () => {
    const schema = `${HEADER}${Array.from({ length: 5_000 }, (_, i) => `let v${i} = ${Array(20).fill('1').join('+')}\n`).join('')}`;
    const { ir, diagnostics } = analyze(schema);
    expect(ir).toBeNull();
    const limit = diagnostics.find((d) => d.code === 'E_LIMIT');
    expect(limit?.message).toMatch(new RegExp(`^the compiled product is \\d+ bytes; at most ${MAX_COMPILED_BYTES} are stored$`));
  });

  it('is cut into parts of at most PART_BYTES that join back, never inside a character', () => {
    const json = JSON.stringify({ text: `${'a'.repeat(PART_BYTES - 1)}${'🔥'.repeat(300_000)}é`.repeat(2) });
    const parts = textParts(json);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join('')).toBe(json);
    for (const p of parts) {
      expect(bytes(p)).toBeLessThanOrEqual(PART_BYTES);
      expect(p).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
    expect(textParts('{}')).toEqual(['{}']);
  });
});

describe('every schema that validates can be stored', () => {
  const schemas = [...hostileSchemas(), ...hostileConfigurations()];
  for (const { name, schema } of schemas) {
    it(name, () => {
      const { ir } = analyze(schema);
      if (ir) expect(bytes(irToJson(ir))).toBeLessThanOrEqual(MAX_COMPILED_BYTES);
    });
  }

  it(`a form listing more than ${MAX_FORM_OPTIONS} options in all is E_LIMIT at the field that passes it`, () => {
    const set = hostileSchemas().find((h) => h.name.startsWith('a set of 1,000 options'))!;
    const { ir, diagnostics } = analyze(set.schema);
    expect(ir).toBeNull();
    const limit = diagnostics.find((d) => d.code === 'E_LIMIT')!;
    expect(limit.message).toBe(`with this field the form lists more than ${MAX_FORM_OPTIONS} options in all`);
    // Fields d0 … d49 list 50,000; d50 passes the limit.
    expect(set.schema.split('\n')[limit.line - 1]).toMatch(/^field d50:/);
  });
});
