// Configure under a budget of work units and with capped answers (issue 27): the hostile partial configurations
// (test/fixtures/hostile) stop within MAX_WORK_UNITS and answer well under 1 MB, reasons capped per option and in
// all and counted in `truncated`; tables cost lookups, not row tests; ordinary products spend a sliver of the
// budget and stay complete. Work is asserted in units and bytes, never in time.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_REASONS } from '../../src/lang/configure/answer';
import {
  LARGE_MODEL_UNITS,
  MAX_FIELDS_BYTES,
  MAX_REASONS_PER_OPTION,
  MAX_WORK_UNITS,
  unitsFor,
} from '../../src/lang/configure/budget';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import { MAX_BECAUSE_VALUES } from '../../src/lang/runtime/explain';
import { hostileConfigurations, largeTables, manyErrorRules } from '../fixtures/hostile/index';

const model = (schema: string) => {
  const { ir, diagnostics } = analyze(schema);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return instantiate(ir!);
};

/** The engine's answer as /v1/configure serves it (the fields; errors and warnings are capped at 100 each). */
const answerBytes = (fields: unknown) => new TextEncoder().encode(JSON.stringify(fields)).length;

/** A single charge may overdraw the budget by the cost of one check or one reset; never by more than this. */
const OVERDRAFT = 100_000;

describe("a request's budget", () => {
  it('is 20,000 units per searched variable, MAX_WORK_UNITS at least (up to 100), LARGE_MODEL_UNITS at most', () => {
    expect([0, 42, 100, 101, 182, 200, 5_000].map(unitsFor)).toEqual([
      MAX_WORK_UNITS,
      MAX_WORK_UNITS,
      MAX_WORK_UNITS,
      2_020_000,
      3_640_000,
      LARGE_MODEL_UNITS,
      LARGE_MODEL_UNITS,
    ]);
  });
});

describe('configure within its budget', () => {
  for (const { name, schema, configuration } of hostileConfigurations()) {
    it(`${name}: at most MAX_WORK_UNITS and ${MAX_FIELDS_BYTES} bytes of fields`, () => {
      const answer = model(schema).configure({ configuration, quantity: 1 });
      expect(answer.units).toBeLessThanOrEqual(MAX_WORK_UNITS + OVERDRAFT);
      expect(answerBytes(answer.fields)).toBeLessThanOrEqual(MAX_FIELDS_BYTES);
      const reasons = answer.fields.flatMap((f) => (f.options ?? []).map((o) => o.reasons));
      expect(Math.max(...reasons.map((r) => r.length))).toBeLessThanOrEqual(MAX_REASONS_PER_OPTION);
      expect(reasons.flat().length).toBeLessThanOrEqual(MAX_REASONS);
    });
  }

  it('1,500 error rules on one checkbox: once it is ticked, the reasons are capped and the rest counted', () => {
    const answer = model(manyErrorRules(1_500, 20, 50)).configure({ configuration: { t: true }, quantity: 1 });
    // Every option of every dropdown is unavailable for each of the 1,500 rules: 1,000 × 1,500 reasons before.
    const dropdowns = answer.fields.filter((f) => f.id.startsWith('d'));
    expect(dropdowns.length).toBe(20);
    expect(dropdowns.every((f) => f.options?.every((o) => !o.available))).toBe(true);
    // Listing 3 reasons an option, the others counted; past the 1,000 listed, options are not explained (each
    // counts one), so the answer stays complete within the budget.
    expect(answer.truncated.reasons).toBeGreaterThan(100_000);
    expect(answer.complete).toBe(true);
    expect(answer.units).toBeLessThan(MAX_WORK_UNITS / 4);
    expect(answerBytes(answer.fields)).toBeLessThan(1_000_000);
  });

  it('50 dropdowns of 1,000 options: the options past 600,000 bytes are left out, counted, and the answer incomplete', () => {
    const answer = model(hostileConfigurations().find((h) => h.name.startsWith('50 dropdowns'))!.schema).configure({
      configuration: {},
      quantity: 1,
    });
    const listed = answer.fields.reduce((n, f) => n + (f.options?.length ?? 0), 0);
    const { fields = 0, options = 0 } = answer.truncated;
    expect(listed).toBeLessThan(50_000);
    expect(listed + options + fields * 1_000).toBe(50_000);
    expect(answer.complete).toBe(false);
    expect(answerBytes(answer.fields)).toBeLessThanOrEqual(MAX_FIELDS_BYTES);
  });

  it('stops at the budget with complete: false, having spent no more than it', () => {
    // The model takes about 40,000 units in all (its exclude tables held by the exact engine, issue 33).
    const units = 25_000;
    const answer = model(largeTables(8, 1_000, 4, 1_000)).configure({ configuration: {}, quantity: 1 }, units);
    expect(answer.complete).toBe(false);
    expect(answer.units).toBeGreaterThanOrEqual(units);
    expect(answer.units).toBeLessThanOrEqual(units + OVERDRAFT);
  });

  it('a smaller budget stops sooner: work is charged as it is done', () => {
    const m = model(largeTables(8, 1_000, 4, 1_000));
    const answer = m.configure({ configuration: {}, quantity: 1 }, 10_000);
    expect(answer.complete).toBe(false);
    expect(answer.units).toBeLessThan(10_000 + OVERDRAFT);
    // Options not decided within the budget are reported available, never unavailable without proof.
    expect(answer.fields.every((f) => f.options?.every((o) => o.available || o.reasons.length > 0))).toBe(true);
  });

  it('tables of 1,000 rows cost lookups: 8 dropdowns of 1,000 options and 4 tables complete within the budget', () => {
    const answer = model(largeTables(8, 1_000, 4, 1_000)).configure({ configuration: {}, quantity: 1 });
    expect(answer.complete).toBe(true);
    // 8,000 options tried, each against 4 tables: about 60 units an option, not 4,000 row tests.
    expect(answer.units).toBeLessThan(MAX_WORK_UNITS / 2);
  });

  it('a because lists at most MAX_BECAUSE_VALUES values, and a message at most 1,000 characters', () => {
    const reads = Array.from({ length: 40 }, (_, i) => `f${i}`);
    const schema = `product "P" {\n  language: en\n  currency: EUR\n}\nfield t: text { label: "T" }\n${reads
      .map((f) => `field ${f}: checkbox { label: "${f}" }\n`)
      .join(
        '',
      )}error all {\n  when: ${reads.map((f) => `not ${f}`).join(' and ')}\n  message: "${'{t}'.repeat(50)}"\n}\nprice { line base: "Base" = 1 }\n`;
    // Every box sent unticked: left at their defaults, the first would be adjusted (soft defaults) and nothing fire.
    const unticked = Object.fromEntries(reads.map((f) => [f, false]));
    const answer = model(schema).configure({ configuration: { t: 'x'.repeat(5_000), ...unticked }, quantity: 1 });
    const [error] = answer.evaluation.errors;
    expect(Object.keys(error!.because).length).toBe(MAX_BECAUSE_VALUES);
    expect(error!.message.length).toBeLessThanOrEqual(1_000);
  });
});

describe('evaluation errors in the search', () => {
  // x past the table's last band faults whatever the eight dropdowns hold: 5^8 (390,625) combinations of them, which
  // a search that only backtracks tries one by one, far past the budget. The failed pass read x alone, so the
  // search jumps back to x at once.
  const dropdowns = Array.from({ length: 8 }, (_, i) => `d${i}`);
  const schema = `product "P" {\n  language: en\n  currency: EUR\n}\nfield x: number { label: "X", min: 0, max: 10, default: 0 }\n${dropdowns
    .map(
      (d) =>
        `field ${d}: dropdown { label: "${d}", options { ${'abcde'
          .split('')
          .map((o) => `${o} { label: "${o}", p: 1 }`)
          .join('\n')}\n} }\n`,
    )
    .join(
      '',
    )}table t: range { bands: [5], values: [1] }\nprice { line l: "L" = t(x) + ${dropdowns.map((d) => `${d}.p`).join(' + ')} }\n`;

  it('a value that faults whatever the fields after it hold is refuted without trying them all', () => {
    const answer = model(schema).configure({ configuration: {}, quantity: 1 });
    expect(answer.complete).toBe(true);
    expect(answer.fields.find((f) => f.id === 'x')).toMatchObject({ min: 0, max: 5 });
    expect(answer.units).toBeLessThan(MAX_WORK_UNITS / 100);
  });
});

describe('ordinary products', () => {
  const dir = new URL('../../examples/', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpq'))) {
    it(`${file}: complete, spending under 1% of the budget`, () => {
      const answer = model(readFileSync(new URL(file, dir), 'utf8')).configure({ configuration: {}, quantity: 1 });
      expect(answer.complete).toBe(true);
      expect(answer.units).toBeLessThan(MAX_WORK_UNITS / 100);
      expect(answer.truncated).toEqual({});
    });
  }
});
