/// <reference types="vite/client" />
// Every example product must compile without error diagnostics, and every hand-computed case in
// test/golden/<example>.json must come out of the runtime exactly: price, lines, outputs, error and warning codes.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { type Evaluation, type Issue, instantiate } from '../../src/lang/runtime/index';

interface GoldenCase {
  name: string;
  configuration: Record<string, unknown>;
  quantity: number;
  lang: string;
  expect: {
    price: {
      unit: number;
      /** Per-order charges; left out of a case that has none. */
      charges?: number;
      subtotal: number;
      discount: number;
      total: number;
      lines: Record<string, number>;
    } | null;
    outputs: Record<string, Record<string, number>>;
    /** Text-valued output items; a case of an example without any leaves it out. */
    texts?: Record<string, Record<string, string>>;
    errors: string[];
    warnings: string[];
  };
}

interface GoldenFile {
  example: string;
  cases: GoldenCase[];
}

const sources = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const goldens = import.meta.glob<GoldenFile>('./*.json', { import: 'default', eager: true });

const examples = new Map(Object.entries(sources).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]));
const files = Object.values(goldens);

/** A rule's issues share one code; the golden names the rule that fired instead. */
function codes(issues: readonly Issue[]): string[] {
  return [...new Set(issues.map((i) => (i.code === 'RULE' && i.rule !== undefined ? i.rule : i.code)))].sort();
}

function priceOf(e: Evaluation): GoldenCase['expect']['price'] {
  if (e.price === null) return null;
  const lines: Record<string, number> = {};
  // The quantity discount also appears as a line; the golden checks it through `discount`.
  for (const l of e.price.lines) if (l.kind !== 'discount') lines[l.id] = l.amount;
  const { unit, charges, subtotal, discount, total } = e.price;
  return { unit, ...(charges === 0 ? {} : { charges }), subtotal, discount, total, lines };
}

function outputsOf(e: Evaluation): Record<string, Record<string, number>> {
  return Object.fromEntries([...e.outputs].map(([group, items]) => [group, Object.fromEntries(items)]));
}

it('has a golden file for every example and an example for every golden file', () => {
  expect(examples.size).toBeGreaterThanOrEqual(6);
  expect(files.map((f) => f.example).sort()).toEqual([...examples.keys()].sort());
});

for (const file of files) {
  describe(file.example, () => {
    const source = examples.get(file.example) ?? '';
    const result = analyze(source);

    it('compiles without error diagnostics', () => {
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.ir).not.toBeNull();
    });

    it('carries a passing test block for every golden case', () => {
      for (const c of file.cases) expect(source).toContain(`test ${JSON.stringify(c.name.replaceAll('"', "'"))} {`);
      expect(result.tests.failed).toBe(0);
      expect(result.tests.passed).toBeGreaterThanOrEqual(file.cases.length);
    });

    for (const c of file.cases) {
      it(c.name, () => {
        if (result.ir === null) throw new Error(`${file.example} did not compile`);
        const got = instantiate(result.ir).evaluate({ configuration: c.configuration, quantity: c.quantity, lang: c.lang });
        expect({
          price: priceOf(got),
          outputs: outputsOf(got),
          texts: Object.fromEntries([...got.texts].map(([group, items]) => [group, Object.fromEntries(items)])),
          errors: codes(got.errors),
          warnings: codes(got.warnings),
        }).toEqual({
          price: c.expect.price,
          outputs: c.expect.outputs,
          texts: c.expect.texts ?? {},
          errors: [...c.expect.errors].sort(),
          warnings: [...c.expect.warnings].sort(),
        });
      });
    }
  });
}
