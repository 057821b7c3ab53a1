#!/usr/bin/env node
// CI: lints the OpenAPI document exactly as the app serves it at /api/openapi.json with Redocly's recommended
// rules (redocly.yaml), failing on any error or warning. The app is bundled for Node with esbuild; the one
// Workers-only import (the Durable Object base class) is stubbed, since building the document never touches it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'cpq-openapi-'));
try {
  const bundle = join(tmp, 'document.mjs');
  await build({
    stdin: {
      contents:
        "import { app } from './src/app';\nimport { openApiDocument } from './src/routes/docs';\nexport default openApiDocument(app);",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'error',
    plugins: [
      {
        name: 'workers-stub',
        setup(b) {
          b.onResolve({ filter: /^cloudflare:workers$/ }, () => ({ path: 'cloudflare:workers', namespace: 'stub' }));
          b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export class DurableObject {}', loader: 'js' }));
        },
      },
    ],
  });
  const { default: document } = await import(pathToFileURL(bundle).href);
  const file = join(tmp, 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  const redocly = (format) =>
    spawnSync(
      join(root, 'node_modules', '.bin', 'redocly'),
      ['lint', file, '--config', join(root, 'redocly.yaml'), `--format=${format}`, '--max-problems=500'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
  // Redocly fails only on errors; warnings must fail too, so count both from its JSON report.
  const report = redocly('json');
  const totals = JSON.parse(report.stdout.slice(report.stdout.indexOf('{'))).totals;
  if (totals.errors > 0 || totals.warnings > 0) {
    process.stdout.write(redocly('stylish').stdout);
    console.error(`OpenAPI lint: ${totals.errors} error(s), ${totals.warnings} warning(s); 0 of each are allowed`);
    process.exitCode = 1;
  } else {
    console.log(`OpenAPI lint: 0 errors, 0 warnings (${totals.ignored} ignored)`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
