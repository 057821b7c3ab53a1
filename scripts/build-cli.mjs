#!/usr/bin/env node
// Bundles the `cpq` command (src/cli/main.ts) with the language pipeline and its dependencies into one ES module,
// dist/cpq.mjs (git-ignored), the package's `bin`. Run by npm's `prepare`, so `npm install` / `npm ci` in a
// clone leave `npx cpq` ready; `npm run build:cli` after changing src/cli/ or src/lang/. vitest.config.ts and the
// e2e runner rebuild it too, since their tests spawn it.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The bundle's path, which the tests spawn. */
export const CLI = join(root, 'dist', 'cpq.mjs');

export function buildCli() {
  const [bundle] = buildSync({
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
  }).outputFiles;
  // Written only when it changed: vitest and the e2e runner both build it, and the CLI tests of one may be spawning it.
  mkdirSync(dirname(CLI), { recursive: true });
  if (!existsSync(CLI) || !readFileSync(CLI).equals(bundle.contents)) writeFileSync(CLI, bundle.contents);
  chmodSync(CLI, 0o755);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildCli();
