/// <reference types="vite/client" />
// Every example product must compile without error diagnostics, and every hand-computed case in
// test/golden/<example>.json must come out of the runtime exactly: price, lines, outputs, error and warning codes;
// a case with `configure` also states, for the same configuration as a partial one (POST /v1/configure), every
// unavailable option with its reasons (rule and because) and the completable range of the numbers it lists.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { type Evaluation, type Issue, instantiate } from '../../src/lang/instantiate';

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
  configure?: {
    /** field → option id → its reasons, for every option reported unavailable (no other option is). */
    unavailable: Record<string, Record<string, { rule: string; because: Record<string, unknown> }[]>>;
    /** field → [min, max] as reported. */
    ranges?: Record<string, [number, number]>;
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

/** Rules' and constraints' issues share a code; the golden names the rule or constraint that fired instead. */
function codes(issues: readonly Issue[]): string[] {
  const named = (i: Issue) => (i.code === 'RULE' || i.code === 'CONSTRAINT') && i.rule !== undefined;
  return [...new Set(issues.map((i) => (named(i) ? i.rule! : i.code)))].sort();
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
      const expected = c.configure;
      if (expected) {
        it(`${c.name}: availability, reasons and because`, () => {
          if (result.ir === null) throw new Error(`${file.example} did not compile`);
          const got = instantiate(result.ir).configure({ configuration: c.configuration, quantity: c.quantity, lang: c.lang });
          expect(got.complete).toBe(true);
          const unavailable: Record<string, Record<string, { rule: string; because: Record<string, unknown> }[]>> = {};
          for (const f of got.fields) {
            for (const o of f.options ?? []) {
              if (o.available) continue;
              unavailable[f.id] ??= {};
              unavailable[f.id]![o.id] = o.reasons.map(({ rule, because }) => ({ rule, because }));
            }
          }
          expect(unavailable).toEqual(expected.unavailable);
          for (const [id, range] of Object.entries(expected.ranges ?? {})) {
            const f = got.fields.find((x) => x.id === id);
            expect([f?.min, f?.max], id).toEqual(range);
          }
        });
      }
    }
  });
}
