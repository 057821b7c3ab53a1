import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

// The workers project runs a few group files (test/workers/*.test.ts), each importing `.cases.ts` modules so that
// they share one workerd (vitest.config.ts). A module no group imports would never run, silently: every one must be
// imported by exactly one group, and every import must name a module that exists.
const CASES = /\.cases\.ts$/;
const IMPORT = /import\('(\.{1,2}\/[^']+\.cases)'\)/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

it('imports every .cases.ts module from exactly one test/workers/ group, and nothing else', () => {
  const modules = files('test')
    .filter((f) => CASES.test(f))
    .sort();
  const imported = readdirSync('test/workers')
    .filter((f) => f.endsWith('.test.ts'))
    .flatMap((group) =>
      [...readFileSync(join('test/workers', group), 'utf8').matchAll(IMPORT)].map((m) =>
        relative('.', resolve('test/workers', `${m[1]}.ts`)),
      ),
    )
    .sort();
  expect(modules.length).toBeGreaterThan(0);
  expect(imported).toEqual(modules);
});
