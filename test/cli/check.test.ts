// `cpq check`, spawned against files in a temp dir: the Worker's diagnostics, file:line:column first.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { validationResult } from '../../src/products/diagnostics';
import { BROKEN, cpq, MUG, tempDir } from './cpq';

test('a valid schema: no diagnostic, a summary, exit 0', () => {
  const run = cpq(['check', 'mug.cpq'], tempDir({ 'mug.cpq': MUG }));
  expect(run).toMatchObject({ code: 0, stdout: '1 checked, 0 with errors\n', stderr: '' });
});

test('every diagnostic as file:line:column: code message, plain when piped; exit 1 on an error', () => {
  const run = cpq(['check', 'mug.cpq', 'broken.cpq'], tempDir({ 'mug.cpq': MUG, 'broken.cpq': BROKEN }));
  expect(run.code).toBe(1);
  expect(run.stdout.split('\n')).toEqual([
    'broken.cpq:4:5: W_UNUSED the let "x" is never used',
    'broken.cpq:4:9: E_UNDEFINED "y" is not declared',
    '2 checked, 1 with errors',
    '',
  ]);
  expect(run.stdout).not.toContain('\u001b[');
});

test('--format json: per file, what /v1/validate answers', () => {
  const dir = tempDir({ 'broken.cpq': BROKEN, 'mug.cpq': MUG });
  const run = cpq(['check', '--format', 'json', 'broken.cpq', 'mug.cpq'], dir);
  expect(run.code).toBe(1);
  expect(JSON.parse(run.stdout)).toEqual([
    { file: 'broken.cpq', ...validationResult(readFileSync(`${dir}/broken.cpq`, 'utf8')) },
    { file: 'mug.cpq', ...validationResult(MUG) },
  ]);
  expect(JSON.parse(run.stdout)[1]).toMatchObject({ valid: true, tests: { passed: 2, failed: 0 } });
});

test('usage errors exit 2: a missing file, an unknown option, no file, an unknown format', () => {
  const dir = tempDir({ 'mug.cpq': MUG });
  const missing = cpq(['check', 'nope.cpq'], dir);
  expect(missing).toMatchObject({ code: 2, stdout: '' });
  expect(missing.stderr).toBe('cpq: cannot read nope.cpq: ENOENT\n');
  expect(cpq(['check', '--strict', 'mug.cpq'], dir).code).toBe(2);
  expect(cpq(['check'], dir).code).toBe(2);
  expect(cpq(['check', '--format', 'xml', 'mug.cpq'], dir).code).toBe(2);
});

test('--help on the command and on each subcommand, exit 0', () => {
  const dir = tempDir({});
  for (const command of [[], ['check'], ['test'], ['price'], ['diff'], ['push'], ['pull']]) {
    const run = cpq([...command, '--help'], dir);
    expect(run.code, command.join(' ')).toBe(0);
    expect(run.stdout).toMatch(/^Usage: cpq/);
  }
});

test('--verbose: the analysis notes too, after the diagnostics; without it none (issue 44)', () => {
  const signage = readFileSync('examples/signage.cpq', 'utf8');
  const dir = tempDir({ 'signage.cpq': signage });
  const plain = cpq(['check', 'signage.cpq'], dir);
  expect(plain).toMatchObject({ code: 0, stdout: '1 checked, 0 with errors\n' });
  const verbose = cpq(['check', '--verbose', 'signage.cpq'], dir);
  expect(verbose.code).toBe(0);
  const lines = verbose.stdout.split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^signage\.cpq:\d+:\d+: I_SEARCHED "letter_count" is not held by the exact engine's tables/);
  expect(lines.slice(1)).toEqual(['1 checked, 0 with errors', '']);
});
