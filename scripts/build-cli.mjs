#!/usr/bin/env node
// Bundles the `cpq` command (src/cli/main.ts) with the language pipeline and its dependencies into one ES module,
// dist/cpq.mjs (git-ignored), the package's `bin`. Run by npm's `prepare`, so `npm install` / `npm ci` in a
// clone leave `npx cpq` ready; `npm run build:cli` after changing src/cli/ or src/lang/.
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = join(root, 'dist', 'cpq.mjs');

buildSync({
  entryPoints: [join(root, 'src', 'cli', 'main.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outfile,
  // Some bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as cpqCreateRequire } from 'node:module';\nconst require = cpqCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
