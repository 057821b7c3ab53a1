// Runs a schema's `test` blocks (read by check/tests.ts) on its compiled product: each test is one evaluation,
// in the product's default language; every expectation that does not hold is an E_TEST_FAILED error at its
// `expect`, with the expected and the actual value.
import type { Expectation, TestModel } from './check/checked-model';
import type { Diagnostics } from './diagnostics';
import { type Evaluation, errorsFor, instantiate } from './instantiate';
import type { ProductIR } from './ir';
import { priceValue } from './runtime/compiled-model';
import { snapSelf } from './runtime/numeric';

export interface TestCounts {
  passed: number;
  failed: number;
}

/** One test as it ran: what `cpq test` lists, and the configuration `cpq diff` prices before and after. */
export interface TestRun {
  name: string;
  given: TestModel['given'];
  quantity: number;
  /** Each expectation that does not hold, at its `expect` (also reported as an E_TEST_FAILED diagnostic). */
  failures: { line: number; column: number; problem: string }[];
}

export function runTests(ir: ProductIR, tests: readonly TestModel[], diags: Diagnostics): TestRun[] {
  const runs: TestRun[] = [];
  if (tests.length === 0) return runs;
  const model = instantiate(ir);
  for (const test of tests) {
    const quantity = test.quantity ?? ir.quantity.default;
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
    runs.push({ name: test.name, given: test.given, quantity, failures });
  }
  return runs;
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
