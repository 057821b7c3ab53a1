#!/usr/bin/env node
// `npm run test:soak`: the checks that have a soak size, at that size (CPQ_SOAK=1): every vitest file and e2e suite
// that calls `bySize` (test/soak.ts, test/e2e/browser.mjs), found by reading them, so that a check given a soak size
// is run at it without being listed here. `npm test` runs the same checks at their small size.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// A call with its type written out (`bySize<T>(`) counts too.
const callsBySize = (file) => /\bbySize\s*[<(]/.test(readFileSync(file, 'utf8'));
// A test/workers/ file calls it through the `.cases.ts` modules it imports (vitest.config.ts).
const importedCases = (file) =>
  [...readFileSync(file, 'utf8').matchAll(/import\('(\.{1,2}\/[^']+\.cases)'\)/g)].map((m) => join(dirname(file), `${m[1]}.ts`));
const sized = (dir, suffix) =>
  readdirSync(join(root, dir), { recursive: true })
    .filter((f) => f.endsWith(suffix))
    .map((f) => join(dir, f))
    .filter((f) => [join(root, f), ...importedCases(join(root, f))].some(callsBySize));

const tests = sized('test', '.test.ts');
const suites = sized(join('test', 'e2e'), '.e2e.mjs').map((f) => basename(f));
const env = { ...process.env, CPQ_SOAK: '1' };
const run = (args) => spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;

console.log(`Soak sizes: ${tests.length} vitest files, then the e2e suites ${suites.join(', ')}.`);
const vitest = run([join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...tests]);
// The e2e suites run even when a vitest file failed: one report of everything the soak found.
const e2e = run([join('test', 'e2e', 'run.mjs'), ...suites]);
process.exit(vitest || e2e);
