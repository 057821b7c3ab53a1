#!/usr/bin/env node
// Bundles the `cpq` command (src/cli/main.ts) with the language pipeline and its dependencies into one ES module,
// dist/cpq.mjs (git-ignored), the package's `bin`. Run by npm's `prepare`, so `npm install` / `npm ci` in a
// clone leave `npx cpq` ready; `npm run build:cli` after changing src/cli/ or src/lang/. vitest.config.ts and the
// e2e runner rebuild it too, since their tests spawn it; vitest through `ensureCli`, which skips the build while the
// stamp the last one left beside the bundle still matches (scripts/build-stamp.mjs).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { buildKey, isFresh, metafileInputs, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The bundle's path, which the tests spawn. */
export const CLI = join(root, 'dist', 'cpq.mjs');
const STAMP = join(root, 'dist', '.cpq-build-stamp.json');
/** What decides the build besides the files esbuild reads (scripts/build-stamp.mjs). */
const stampKey = () =>
  buildKey(root, [], ['scripts/build-cli.mjs', 'scripts/build-stamp.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']);

export function buildCli() {
  const started = Date.now();
  const result = buildSync({
    entryPoints: [join(root, 'src', 'cli', 'main.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: CLI,
    // commander is CommonJS and require()s Node's modules; an ES module has no require of its own.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as cpqCreateRequire } from 'node:module';\nconst require = cpqCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
    write: false,
    metafile: true,
    absWorkingDir: root,
  });
  const [bundle] = result.outputFiles;
  // Written only when it changed: vitest and the e2e runner both build it, and the CLI tests of one may be spawning it.
  mkdirSync(dirname(CLI), { recursive: true });
  if (!existsSync(CLI) || !readFileSync(CLI).equals(bundle.contents)) writeFileSync(CLI, bundle.contents);
  chmodSync(CLI, 0o755);
  writeStamp(STAMP, { key: stampKey(), inputs: metafileInputs(result, root), outputs: [CLI], started });
}

/** Builds the bundle unless the last build's stamp still matches; true when it built. */
export function ensureCli() {
  if (isFresh(STAMP, stampKey())) return false;
  buildCli();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildCli();
