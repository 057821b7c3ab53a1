// The runtimes `npm run bench -- ab` compares (bench/ab.ts imports them at run time), each bundled on its own: the
// base commit's (`git archive` into bench/out/base/), this tree's, and this tree's closures-only pass. Sharing one
// copy of the runtime with another runtime or with the hand-written functions (which call the runtime's numeric
// helpers) shares the optimizer's feedback: identical runtimes measured 4–9 % apart that way (bench/RESULTS.md §1).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/** Entry → bundle, relative to the repository's root. */
export const AB_BUNDLES = [
  ['bench/out/base/src/lang/instantiate.ts', 'bench/out/base-instantiate.mjs'],
  ['src/lang/instantiate.ts', 'bench/out/tree-instantiate.mjs'],
  ['bench/calculate/closures-only.ts', 'bench/out/closures-only.mjs'],
];

export async function bundleRuntimes(root, baseRev) {
  const dir = `${root}bench/out/base`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive "$0" src grammar | tar -x -C "$1"`, baseRev, dir], { cwd: root, stdio: 'inherit' });
  for (const [entry, outfile] of AB_BUNDLES) {
    await build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
  }
}
