// Runs a schema's `test` blocks (read by check/tests.ts) on its compiled product: each test is one evaluation,
// in the product's default language; every expectation that does not hold is an E_TEST_FAILED error at its
// `expect`, with the expected and the actual value. A test naming a market (and group) runs on the product priced
// with that market's list (price-book.ts), which the caller resolved: the language knows no store.
import type { Expectation, TestModel } from './check/checked-model';
import type { Diagnostics } from './diagnostics';
import { type Evaluation, errorsFor, instantiate, type Model } from './instantiate';
import type { ProductIR } from './ir';
import { applyPriceBook, type PriceBook } from './price-book';
import { priceValue } from './runtime/compiled-model';
import { snapSelf } from './runtime/numeric';

export interface TestCounts {
  passed: number;
  failed: number;
}

/** What priced a test naming a market: as a priced response's `pricing` says it (docs/api.md). */
export interface TestPricing {
  market: string | null;
  group: string;
  currency: string;
  list: { id: string; version: number; name: string } | null;
}

/** A market's price book for the tests that name it, or why there is none (the store has no such market…). */
export type TestBook = { book: PriceBook | null; pricing: TestPricing } | { unavailable: string };

/** The market and group a test names (undefined: the default market, retail), as one key of a books map. */
export const testBookKey = (market: string | undefined, group: string | undefined): string => `${market ?? ''}/${group ?? ''}`;

/** One test as it ran: what `cpq test` lists, and the configuration `cpq diff` prices before and after. */
export interface TestRun {
  name: string;
  given: TestModel['given'];
  quantity: number;
  /** The market, group and list it ran in, for a test naming a market. */
  pricing?: TestPricing;
  /** Why a test naming a market did not run: nobody gave its price list (W_TEST_NOT_RUN). */
  skipped?: string;
  /** Each expectation that does not hold, at its `expect` (also reported as an E_TEST_FAILED diagnostic). */
  failures: { line: number; column: number; problem: string }[];
}

/**
 * Runs the tests. `books` holds the price book of every market and group the tests name (`testBookKey`); without
 * it, such tests are not run (a warning says so), so a schema validated where no store is known still validates.
 */
export function runTests(
  ir: ProductIR,
  tests: readonly TestModel[],
  diags: Diagnostics,
  books?: ReadonlyMap<string, TestBook>,
): TestRun[] {
  const runs: TestRun[] = [];
  if (tests.length === 0) return runs;
  const plain = instantiate(ir);
  /** One model per book: tests of the same market share it. */
  const models = new Map<string, Model>();
  for (const test of tests) {
    const quantity = test.quantity ?? ir.quantity.default;
    let model = plain;
    let pricing: TestPricing | undefined;
    if (test.marketSpan) {
      const key = testBookKey(test.market, test.group);
      const named = `market ${test.market ?? '(default)'}, group ${test.group ?? 'retail'}`;
      const found = books?.get(key);
      if (!books) {
        const skipped = `names ${named}: not run without its price list`;
        diags.add(
          'W_TEST_NOT_RUN',
          test.marketSpan,
          `test "${test.name}" ${skipped} (run where a store is known: a save, cpq test --store)`,
        );
        runs.push({ name: test.name, given: test.given, quantity, skipped, failures: [] });
        continue;
      }
      if (!found || 'unavailable' in found) {
        const problem = `no price list for ${named}: ${found?.unavailable ?? 'not resolved'}`;
        diags.add('E_TEST_FAILED', test.marketSpan, `test "${test.name}": ${problem}`);
        const { line, column } = test.marketSpan;
        runs.push({ name: test.name, given: test.given, quantity, failures: [{ line, column, problem }] });
        continue;
      }
      pricing = found.pricing;
      const book = found.book;
      model = book ? (models.get(key) ?? instantiate(applyPriceBook(ir, book))) : plain;
      if (book) models.set(key, model);
    }
    const evaluation = model.evaluate({ configuration: test.given, quantity, lang: ir.language });
    // A test sees every output group, as a production key asking for all of them does.
    const got = { ...evaluation, errors: errorsFor(evaluation, null) };
    const failures: TestRun['failures'] = [];
    for (const e of test.expects) {
      const problem = check(e, got);
      if (problem === undefined) continue;
      failures.push({ line: e.span.line, column: e.span.column, problem });
      diags.add('E_TEST_FAILED', e.span, `test "${test.name}": ${problem}`);
    }
    runs.push(
      pricing
        ? { name: test.name, given: test.given, quantity, pricing, failures }
        : { name: test.name, given: test.given, quantity, failures },
    );
  }
  return runs;
}

/** The markets and groups a schema's tests name, each once: what a caller resolves into books. */
export function testMarkets(tests: readonly TestModel[]): { market?: string; group?: string }[] {
  const seen = new Map<string, { market?: string; group?: string }>();
  for (const t of tests) {
    if (!t.marketSpan) continue;
    const ref: { market?: string; group?: string } = {};
    if (t.market !== undefined) ref.market = t.market;
    if (t.group !== undefined) ref.group = t.group;
    seen.set(testBookKey(t.market, t.group), ref);
  }
  return [...seen.values()];
}

/** The first errors of an evaluation, as a reader of the test needs them. */
function errorsOf(got: Evaluation): string {
  if (got.errors.length === 0) return 'no error';
  const shown = got.errors
    .slice(0, 3)
    .map((i) => (i.code === 'RULE' ? `${i.rule} ("${i.message}")` : `${i.code} ("${i.message}")`));
  const more = got.errors.length > 3 ? ` and ${got.errors.length - 3} more` : '';
  return `${shown.join(', ')}${more}`;
}

/** Why the expectation does not hold, or undefined when it does. */
function check(e: Expectation, got: Evaluation): string | undefined {
  if (e.what === 'valid') return got.errors.length === 0 ? undefined : `expected a valid configuration, got ${errorsOf(got)}`;
  if (e.what === 'error') {
    if ('rule' in e) {
      if (got.errors.some((i) => i.code === 'RULE' && i.rule === e.rule)) return undefined;
      return `expected error ${e.rule}, got ${errorsOf(got)}`;
    }
    if (got.errors.some((i) => i.code === e.code)) return undefined;
    return `expected error ${e.code}, got ${errorsOf(got)}`;
  }
  const name = e.item === undefined ? e.target : `${e.target}.${e.item}`;
  const expected = `expected ${name} == ${e.value}`;
  let actual: number | undefined;
  if (e.target === 'price') {
    const p = got.price;
    if (p === null) return `${expected}, got no price: ${errorsOf(got)}`;
    // A line whose condition is false reads 0, as it does in an output item (priceValue).
    actual = priceValue(p, e.item ?? 'total');
  } else {
    actual = got.outputs.get(e.target)?.get(e.item ?? '');
    if (actual === undefined) return `${expected}, got no item (its condition is false)`;
  }
  // Outputs are served snapped (4.800000000000001 is 4.8); an expected value is written in decimal.
  return snapSelf(actual) === snapSelf(e.value) ? undefined : `${expected}, got ${actual}`;
}
