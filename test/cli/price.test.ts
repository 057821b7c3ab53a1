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
