import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

// The inner loop (README.md, "Two commands"): a workers module named by its path runs alone, and a run that names
// none runs each module once, through its group in test/workers/ (vitest.config.ts).
const run = promisify(execFile);
/** The test files `npx vitest list --filesOnly <args>` would run, as `[project] path` lines. */
async function listed(...args: string[]): Promise<string[]> {
  // Without the variables of the vitest running this test, the child behaves as one started from a shell.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const { stdout } = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'list', '--filesOnly', ...args], {
    env: { ...env, NO_COLOR: '1' },
  });
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('['))
    .sort();
}

it('runs a .cases.ts module named on the command line, and no module twice in a whole run', { timeout: 60_000 }, async () => {
  const [named, whole] = await Promise.all([
    listed('test/api/health-and-errors.cases.ts', 'test/limits/units.cases.ts'),
    listed('--project', 'workers'),
  ]);
  expect(named).toEqual(['[workers] test/api/health-and-errors.cases.ts', '[workers] test/limits/units.cases.ts']);
  expect(whole.length).toBeGreaterThan(0);
  expect(whole.filter((line) => !line.startsWith('[workers] test/workers/'))).toEqual([]);
});
