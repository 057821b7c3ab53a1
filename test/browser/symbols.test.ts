// The schema editor's symbol table (src/browser/editor/symbols.ts) is read per leaf of CodeMirror's document tree
// and kept across edits: after any edit it must equal a reading of the same text from scratch.
import { readdirSync, readFileSync } from 'node:fs';
import { Text } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { symbolsOf } from '../../src/browser/editor/symbols';

const examples = readdirSync('examples')
  .filter((f) => f.endsWith('.cpq'))
  .map((f) => readFileSync(`examples/${f}`, 'utf8'));
const pvc = readFileSync('examples/pvc-window.cpq', 'utf8');
const textOf = (source: string) => Text.of(source.split('\n'));
/** The same text in a tree of its own, so that nothing read for another document is reused. */
const fresh = (doc: Text) => symbolsOf(textOf(doc.toString()));

// Long enough that the document is a tree of many leaves, with choice fields, named sets and comments among them.
const long = [
  pvc,
  ...Array.from({ length: 300 }, (_, i) =>
    i % 3 === 0
      ? `field c${i}: dropdown {\n  options {\n    a${i} { label: "A", weight: 1 }\n    b${i}: "B"\n  }\n}\n`
      : i % 3 === 1
        ? `/* a comment\n   over lines { */\nlet l${i} = c${i - 1} == "a${i - 1}"\n`
        : `field n${i}: number {\n  label: "N ${i}"\n  min: 0, max: 10\n}\n`,
  ),
].join('\n');

const SNIPPETS = [
  '{',
  '}',
  '/*',
  '*/',
  '"',
  '//',
  '\n',
  '\nfield x: dropdown {\n  options {\n    o { k: 1 }\n',
  'options: pal',
  ' ',
  'let y = 1\n',
];

describe('schema editor symbols', () => {
  it("reads the example schemas' declarations", () => {
    const s = symbolsOf(textOf(pvc));
    expect(s.fields.get('glass')?.options).toEqual(['double', 'triple', 'triple_sound']);
    expect(s.lets).toContain('glass_area_m2');
    expect(s.tables).toContain('glass_price_m2');
    for (const source of examples) expect(symbolsOf(textOf(source)).fields.size).toBeGreaterThan(0);
  });

  it('reads option sets and price lines, which list_prices names', () => {
    const s = symbolsOf(textOf(pvc));
    expect(s.sets.get('frame_colours')?.options).toEqual(['white', 'cream', 'anthracite', 'golden_oak']);
    expect(s.sets.get('frame_colours')?.attributes).toContain('price');
    expect(s.lines).toEqual(['frame', 'mullion', 'glazing', 'hardware', 'colour', 'sill']);
    const oneLine = symbolsOf(
      textOf('price { line a: "A" = 1, surcharge b: "B" = 2\n  per_order {\n    line c: "C" = 3\n  }\n}\n'),
    );
    expect(oneLine.lines).toEqual(['a', 'b', 'c']);
  });

  it('after any sequence of edits, equal a reading from scratch', () => {
    const start = textOf(long);
    expect(start.children?.length ?? 0).toBeGreaterThan(1);
    expect(symbolsOf(start)).toEqual(fresh(start));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.nat(40), fc.constantFrom(...SNIPPETS)), { minLength: 1, maxLength: 12 }),
        (edits) => {
          let doc = start;
          for (const [at, cut, insert] of edits) {
            const from = at % (doc.length + 1);
            const to = Math.min(doc.length, from + cut);
            doc = doc.replace(from, to, Text.of(insert.split('\n')));
            expect(symbolsOf(doc)).toEqual(fresh(doc));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
