#!/usr/bin/env node
// CI guard: the committed grammar bundle (grammar/*.ohm-bundle.js and .d.ts) must be what `npm run grammar`
// generates from grammar/*.ohm. Regenerates into a temporary directory and compares byte for byte.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const grammarDir = join(root, 'grammar');
const cli = join(root, 'node_modules', '@ohm-js', 'cli', 'index.js');

/** Returns the process exit code. */
function check(tmp) {
  const sources = readdirSync(grammarDir).filter((f) => f.endsWith('.ohm'));
  for (const f of sources) copyFileSync(join(grammarDir, f), join(tmp, f));
  try {
    // The same command as `npm run grammar`, run where the copies are so that the outputs land there.
    execFileSync(process.execPath, [cli, 'generateBundles', '--withTypes', '--esm', '*.ohm'], { cwd: tmp, stdio: 'pipe' });
  } catch (e) {
    console.error(`grammar/*.ohm does not compile:\n${e.stderr?.toString() ?? e}`);
    return 1;
  }
  const stale = [];
  for (const f of sources) {
    for (const out of [`${f}-bundle.js`, `${f}-bundle.d.ts`]) {
      const committed = join(grammarDir, out);
      const fresh = readFileSync(join(tmp, out), 'utf8');
      if (!existsSync(committed) || readFileSync(committed, 'utf8') !== fresh) stale.push(`grammar/${out}`);
    }
  }
  if (stale.length > 0) {
    console.error(`The grammar bundle is out of date: ${stale.join(', ')} differ from what grammar/*.ohm generates.`);
    console.error('Run `npm run grammar` and commit the regenerated files.');
    return 1;
  }
  console.log(`Grammar bundle up to date (${sources.join(', ')}).`);
  return 0;
}

const tmp = mkdtempSync(join(tmpdir(), 'cpq-grammar-'));
try {
  process.exitCode = check(tmp);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
