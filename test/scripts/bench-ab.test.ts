import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { AB_BUNDLES, bundleRuntimes } from '../../bench/ab-bundles.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Copies of the runtime a bundle holds: its evaluation context's class, once per copy (esbuild writes
 * `var Ctx = class`, renamed `Ctx2` in a second copy). */
const runtimes = (code: string) => code.match(/\bCtx\d* = class\b|\bclass Ctx\d*\b/g)?.length ?? 0;

// `npm run bench -- ab` is only as good as its A/A: runtimes sharing one copy of their code with each other or with
// the hand-written functions share the optimizer's feedback, and identical runtimes measured 4–9 % apart.
it('bundles each runtime `npm run bench -- ab` compares on its own, and ab imports none of them statically', {
  timeout: 60_000,
}, async () => {
  await bundleRuntimes(root, 'HEAD');
  for (const [, bundle] of AB_BUNDLES) expect(runtimes(readFileSync(`${root}${bundle}`, 'utf8')), bundle).toBe(1);
  // ab.ts's own bundle holds a runtime too (the examples' schema tests, the hand-written functions' numeric helpers):
  // the runtimes it measures must come from the bundles above, not from static imports.
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: ['bench/ab.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const imported = metafile.inputs['bench/ab.ts']!.imports.map((i) => i.path);
  for (const [entry] of AB_BUNDLES) expect(imported).not.toContain(entry);
  expect(imported).toContain('bench/calculate/configs.ts');
});
