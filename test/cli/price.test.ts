// `cpq price`, spawned: calculate's answer for a schema file, offline.
import { expect, test } from 'vitest';
import { cpq, MUG, tempDir } from './cpq';

test("the 200 body of /v1/calculate, in the asked language, with the product id from the file's name", () => {
  const run = cpq(
    ['price', 'mug.cpq', '--config', '{"size":"large"}', '--quantity', '3', '--lang', 'de'],
    tempDir({ 'mug.cpq': MUG }),
  );
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const body = JSON.parse(run.stdout);
  expect(body).toMatchObject({
    product_id: 'mug',
    version: 0,
    language: 'de',
    configuration: { size: 'large' },
    result: {
      totals: { price: 30, unit_price: 10, subtotal: 30, currency: 'EUR' },
      lines: [
        { id: 'base', label: 'Becher', amount: 8 },
        { id: 'size', label: 'Größe', amount: 2 },
      ],
    },
    quantity: { value: 3 },
    withheld_groups: [],
    errors: [],
  });
});

test('a configuration that does not price: the 422 body, exit 1', () => {
  const run = cpq(['price', 'mug.cpq', '--config', '{"size":"huge"}'], tempDir({ 'mug.cpq': MUG }));
  expect(run.code).toBe(1);
  expect(JSON.parse(run.stdout)).toMatchObject({
    code: 'VALIDATION_FAILED',
    errors: [{ code: 'UNKNOWN_OPTION', field: 'size' }],
  });
});

test('bad input exits 2 with what is wrong: JSON, a quantity, an output group, no --config', () => {
  const dir = tempDir({ 'mug.cpq': MUG });
  const notJson = cpq(['price', 'mug.cpq', '--config', '{size}'], dir);
  expect(notJson.code).toBe(2);
  expect(notJson.stderr).toMatch(/^cpq: --config is not JSON/);
  const notObject = cpq(['price', 'mug.cpq', '--config', '[]'], dir);
  expect(notObject).toMatchObject({ code: 2, stderr: 'cpq: --config: Expected an object mapping field ids to values\n' });
  expect(cpq(['price', 'mug.cpq', '--config', '{}', '--quantity', '1.5'], dir).code).toBe(2);
  const group = cpq(['price', 'mug.cpq', '--config', '{}', '--groups', 'bom'], dir);
  expect(group).toMatchObject({ code: 2, stderr: 'cpq: Unknown output group(s): bom\n' });
  expect(cpq(['price', 'mug.cpq'], dir).code).toBe(2);
});

/** The mug, its base line and size surcharge declared list prices, with a test priced in the Swiss market. */
const LISTED_MUG = `${MUG.replace('  currency: EUR\n', '  currency: EUR\n  list_prices: [size.price, price.base]\n')}
test "large in Switzerland" {
  market: "ch"
  given { size: "large" }
  expect price == 9.30
}
`;

test('--currency, --factor and --rounding: a local list derived from the model, said in pricing', () => {
  const dir = tempDir({ 'mug.cpq': LISTED_MUG });
  const args = ['price', 'mug.cpq', '--config', '{"size":"large"}', '--market', 'ch', '--currency', 'CHF'];
  const run = cpq([...args, '--factor', '0.93', '--rounding', '0.05'], dir);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const body = JSON.parse(run.stdout);
  // 8 × 0.93 = 7.44 → 7.45 and 2 × 0.93 = 1.86 → 1.85, to 0.05.
  expect(body.result.totals).toMatchObject({ price: 9.3, currency: 'CHF' });
  expect(body.result.lines).toMatchObject([{ amount: 7.45 }, { amount: 1.85 }]);
  expect(body.pricing).toEqual({
    market: 'ch',
    group: 'retail',
    currency: 'CHF',
    list: { id: 'local', version: 0, name: 'local' },
  });
});

test("--prices: the file's entries for this product win, the rest derives", () => {
  const csv = 'product,price,value\nmug,line.base,7.00\nother,line.base,1.00\n';
  const dir = tempDir({ 'mug.cpq': LISTED_MUG, 'chf.csv': csv });
  const args = ['price', 'mug.cpq', '--config', '{"size":"large"}', '--prices', 'chf.csv', '--currency', 'CHF'];
  const body = JSON.parse(cpq([...args, '--factor', '0.93', '--rounding', '0.05', '--group', 'dealer'], dir).stdout);
  expect(body.result.lines).toMatchObject([{ amount: 7 }, { amount: 1.85 }]);
  expect(body.pricing).toMatchObject({ market: null, group: 'dealer', currency: 'CHF', list: { id: 'chf' } });
});

test('a bad list is refused with its line and column, exit 2; --market alone names no list', () => {
  const dir = tempDir({ 'mug.cpq': LISTED_MUG, 'bad.csv': 'product,price,value\nmug,line.base,7.001\n' });
  const bad = cpq(['price', 'mug.cpq', '--config', '{}', '--prices', 'bad.csv', '--currency', 'CHF'], dir);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/^cpq: bad\.csv:2:3: /);
  const alone = cpq(['price', 'mug.cpq', '--config', '{}', '--market', 'ch'], dir);
  expect(alone.code).toBe(2);
  expect(alone.stderr).toContain('--market and --group price from a list');
  const noCurrency = cpq(['price', 'mug.cpq', '--config', '{}', '--prices', 'bad.csv'], dir);
  expect(noCurrency).toMatchObject({ code: 2, stderr: expect.stringContaining('need --currency') });
});

test('cpq test: a test naming a market is not run without a list, and runs in the local one', () => {
  const dir = tempDir({ 'mug.cpq': LISTED_MUG });
  const without = cpq(['test', 'mug.cpq'], dir);
  expect(without.code).toBe(0);
  expect(without.stdout.split('\n')).toEqual([
    '✓ mug.cpq: small',
    '✓ mug.cpq: large',
    '- mug.cpq: large in Switzerland (not run: names market ch, group retail: not run without its price list; --store or --prices runs it)',
    '2 passed, 0 failed',
    '',
  ]);
  const local = cpq(['test', 'mug.cpq', '--currency', 'CHF', '--factor', '0.93', '--rounding', '0.05'], dir);
  expect(local.stdout).toContain('✓ mug.cpq: large in Switzerland (market ch, retail: CHF, list local v0)\n3 passed, 0 failed');
  const wrong = cpq(['test', 'mug.cpq', '--currency', 'CHF', '--factor', '0.95', '--rounding', '0.05'], dir);
  expect(wrong.code).toBe(1);
  // 7.60 + 1.90
  expect(wrong.stdout).toContain('E_TEST_FAILED expected price == 9.3, got 9.5');
});
