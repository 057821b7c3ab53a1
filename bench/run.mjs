#!/usr/bin/env node
// `npm run bench [-- <names…>] [--no-http] [--quick] [--profile] [--base-url URL]`: bundles the benchmarks
// (TypeScript, with the service's sources) into bench/out/ with esbuild and runs each in its own node process,
// http last. --profile writes a V8 CPU profile of each into bench/out/profiles/ (open it in Chrome DevTools).
// `ab [--base <rev>]` compares the evaluation of this tree with that of a commit (main by default): bench/ab.ts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleRuntimes } from './ab-bundles.mjs';

const ALL = ['calculate', 'configure', 'big-models', 'big-models-http', 'compile', 'memory', 'http'];
/** Run only when named: `npm run bench -- hostile`. */
const ON_REQUEST = [
  'hostile',
  'want',
  'walks',
  'cold',
  'ab',
  'profile-http',
  'insights',
  'price-book',
  'price-lists',
  'markets',
  'shards',
  'car-line-hard-http',
];
/** Extra node flags per benchmark. */
const NODE_FLAGS = { memory: ['--expose-gc'], 'big-models': ['--expose-gc'] };

const args = process.argv.slice(2);
const named = args.filter((a) => ALL.includes(a) || ON_REQUEST.includes(a));
const selected = (named.length > 0 ? named : ALL).filter((b) => !(b === 'http' && args.includes('--no-http')));
const baseAt = args.indexOf('--base');
const baseRev = baseAt < 0 ? 'main' : args[baseAt + 1];
const passThrough = args.filter(
  (a, i) => !named.includes(a) && a !== '--no-http' && a !== '--profile' && (baseAt < 0 || (i !== baseAt && i !== baseAt + 1)),
);
const profile = args.includes('--profile') ? ['--cpu-prof', '--cpu-prof-dir=bench/out/profiles'] : [];

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: selected.map((b) => `bench/${b}.ts`),
  outdir: 'bench/out',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Installed packages load from node_modules as usual; only our TypeScript is bundled.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

if (selected.includes('ab')) await bundleRuntimes(root, baseRev);

const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m)?.[1] ?? 'unknown CPU';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`# npm run bench ${args.join(' ')}`.trimEnd());
console.log(
  `${new Date().toISOString()}; ${availableParallelism()} CPUs (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB; node ${process.version}; load average ${load()}`,
);
const started = Date.now();
let failed = false;
for (const b of selected) {
  console.log(`\n## bench/${b}`);
  const r = spawnSync(
    process.execPath,
    [...(NODE_FLAGS[b] ?? []), ...profile, '--enable-source-maps', `bench/out/${b}.mjs`, ...passThrough],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) {
    failed = true;
    console.error(`bench/${b} failed (${r.signal ?? `exit ${r.status}`})`);
  }
}
console.log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
process.exit(failed ? 1 : 0);
