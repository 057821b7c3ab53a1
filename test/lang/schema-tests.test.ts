// The `test` blocks of a schema (src/lang/check/tests.ts, src/lang/run-tests.ts): counted, bounded, and only run
// on a schema without other errors.
import { expect, it } from 'vitest';
import { MAX_TESTS } from '../../src/lang/check/tests';
import { analyze } from '../../src/lang/index';

const PRODUCT = [
  'product "Shirt" { currency: EUR }',
  'field n: number { label: "N", min: 1, max: 100, default: 1 }',
  'price { line print: "Print" = 4.5 * n }',
].join('\n');

const passing = (i: number) => `test "t${i}" { given { n: 2 }  expect price == 9 }`;

it(`runs at most ${MAX_TESTS} tests: the next one is E_LIMIT`, () => {
  const within = analyze([PRODUCT, ...Array.from({ length: MAX_TESTS }, (_, i) => passing(i))].join('\n'));
  expect(within.tests).toEqual({ passed: MAX_TESTS, failed: 0 });
  expect(within.ir).not.toBeNull();
  const beyond = analyze([PRODUCT, ...Array.from({ length: MAX_TESTS + 1 }, (_, i) => passing(i))].join('\n'));
  expect(beyond.diagnostics.map((d) => [d.code, d.line])).toEqual([['E_LIMIT', 3 + MAX_TESTS + 1]]);
  expect(beyond.tests).toEqual({ passed: 0, failed: 0 });
});

it('runs no test when the schema has another error, and none when asked not to', () => {
  const broken = analyze(`${PRODUCT}\nlet x = nope\n${passing(1)}`);
  expect(broken.diagnostics.map((d) => d.code)).toEqual(['W_UNUSED', 'E_UNDEFINED']);
  expect(broken.tests).toEqual({ passed: 0, failed: 0 });
  const failing = `${PRODUCT}\ntest "wrong" { expect price == 1 }`;
  expect(analyze(failing).ir).toBeNull();
  const skipped = analyze(failing, { tests: false });
  expect(skipped.ir).not.toBeNull();
  expect(skipped.tests).toEqual({ passed: 0, failed: 0 });
});

it('compares price lines and output items; a line left out reads 0, as in outputs', () => {
  const source = [
    PRODUCT.replace(
      'price { line print: "Print" = 4.5 * n }',
      'price { line print: "Print" = 4.5 * n\n  line big: "Big" = 1 when n > 50 }',
    ),
    'output bom internal { ink = n * 0.1 }',
    'test "lines" { given { n: 3 }  expect price.print == 13.5  expect bom.ink == 0.3  expect price.big == 1 }',
  ].join('\n');
  const a = analyze(source);
  expect(a.tests).toEqual({ passed: 0, failed: 1 });
  expect(a.diagnostics.map((d) => d.message)).toEqual(['test "lines": expected price.big == 1, got 0']);
});
