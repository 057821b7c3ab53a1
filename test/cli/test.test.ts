// `cpq test`, spawned: a line per schema test, then exactly "N passed, M failed".
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { BROKEN, cpq, MUG, MUG_FAILING, tempDir } from './cpq';

test('a line per test and the summary; exit 0 when all pass', () => {
  const run = cpq(['test', 'mug.cpq'], tempDir({ 'mug.cpq': MUG }));
  expect(run).toMatchObject({ code: 0, stderr: '' });
  expect(run.stdout).toBe('✓ mug.cpq: small\n✓ mug.cpq: large\n2 passed, 0 failed\n');
});

test('a failing test names the expectation at its line; exit 1', () => {
  const run = cpq(['test', 'mug.cpq', 'fails.cpq'], tempDir({ 'mug.cpq': MUG, 'fails.cpq': MUG_FAILING }));
  expect(run.code).toBe(1);
  expect(run.stdout.split('\n')).toEqual([
    '✓ mug.cpq: small',
    '✓ mug.cpq: large',
    '✓ fails.cpq: small',
    '✗ fails.cpq: large',
    '    fails.cpq:25:3: E_TEST_FAILED expected price == 11, got 10',
    '3 passed, 1 failed',
    '',
  ]);
});

test('a schema with errors runs no test and counts as a failure', () => {
  const run = cpq(['test', 'broken.cpq'], tempDir({ 'broken.cpq': BROKEN }));
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('✗ broken.cpq: the schema has errors, its tests did not run');
  expect(run.stdout).toContain('    broken.cpq:4:9: E_UNDEFINED "y" is not declared');
  expect(run.stdout).toMatch(/\n0 passed, 1 failed\n$/);
});

test("the examples' tests all pass, as CI runs them (.ci/run)", () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const files = readdirSync(`${root}/examples`)
    .filter((f) => f.endsWith('.cpq'))
    .map((f) => `examples/${f}`);
  const run = cpq(['test', ...files], root);
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).toMatch(/\n\d+ passed, 0 failed\n$/);
});
