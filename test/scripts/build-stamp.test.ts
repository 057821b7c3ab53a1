import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBrowserBundles } from '../../scripts/build-browser.mjs';
import { ensureCli } from '../../scripts/build-cli.mjs';
import { buildKey, isFresh, metafileInputs, writeStamp } from '../../scripts/build-stamp.mjs';

// vitest.config.ts reuses the browser bundles and the `cpq` bundle when their sources did not change
// (scripts/build-stamp.mjs). Reusing a stale build would test old code, so every kind of change must rebuild.

/** A project in a temporary directory built the way scripts/build-cli.mjs builds: src/main.ts into out/main.js. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'cpq-stamp-'));
  const file = (path: string) => join(root, path);
  const write = (path: string, text: string) => writeFileSync(file(path), text);
  mkdirSync(file('src/dep'), { recursive: true });
  write('package.json', '{"type":"module"}');
  write('src/main.ts', "import { word } from './dep';\nconsole.log(word);\n");
  write('src/dep/index.ts', "export const word = 'first';\n");
  const stamp = file('out/.stamp.json');
  const output = file('out/main.js');
  const key = () => buildKey(root, ['main'], ['package.json']);
  let builds = 0;
  const build = () => {
    const started = Date.now();
    const result = buildSync({
      entryPoints: [file('src/main.ts')],
      bundle: true,
      format: 'esm',
      outfile: output,
      metafile: true,
      absWorkingDir: root,
      logLevel: 'silent',
    });
    builds++;
    writeStamp(stamp, { key: key(), inputs: metafileInputs(result, root), outputs: [output], started });
  };
  const ensure = () => {
    if (isFresh(stamp, key())) return false;
    build();
    return true;
  };
  return { root, file, write, stamp, output: () => readFileSync(output, 'utf8'), build, ensure, builds: () => builds };
}

const projects: ReturnType<typeof project>[] = [];
const fresh = () => {
  const p = project();
  projects.push(p);
  return p;
};
afterAll(() => {
  for (const p of projects) rmSync(p.root, { recursive: true, force: true });
});

describe('a build reused while its sources are unchanged', () => {
  it('is built once, then reused, and rebuilt when a source it imports changes', () => {
    const p = fresh();
    expect(p.ensure()).toBe(true);
    expect(p.ensure()).toBe(false);
    expect(p.builds()).toBe(1);
    p.write('src/dep/index.ts', "export const word = 'second';\n");
    expect(p.ensure()).toBe(true);
    expect(p.output()).toContain('second');
    expect(p.ensure()).toBe(false);
  });

  it('is rebuilt when a new file changes what an unchanged import resolves to', () => {
    const p = fresh();
    p.ensure();
    // './dep' now resolves to src/dep.ts before src/dep/index.ts; no file esbuild read has changed.
    p.write('src/dep.ts', "export const word = 'shadow';\n");
    expect(p.ensure()).toBe(true);
    expect(p.output()).toContain('shadow');
  });

  it('is rebuilt when a file of its key changes, or its output was changed or removed', () => {
    const p = fresh();
    p.ensure();
    p.write('package.json', '{"type":"module","sideEffects":false}');
    expect(p.ensure()).toBe(true);
    writeFileSync(p.file('out/main.js'), '// edited\n');
    expect(p.ensure()).toBe(true);
    expect(p.output()).toContain('first');
    rmSync(p.file('out/main.js'));
    expect(p.ensure()).toBe(true);
    expect(p.builds()).toBe(4);
  });

  it('is rebuilt when its stamp is missing or unreadable', () => {
    const p = fresh();
    p.ensure();
    writeFileSync(p.stamp, '{"key":');
    expect(p.ensure()).toBe(true);
    rmSync(p.stamp);
    expect(p.ensure()).toBe(true);
  });

  it('is not stamped when a source changed while it was being built', () => {
    const p = fresh();
    const started = Date.now();
    p.build();
    // The build read 'first'; the source now says 'changed', written after the build began.
    p.write('src/dep/index.ts', "export const word = 'changed';\n");
    const result = buildSync({
      entryPoints: [p.file('src/main.ts')],
      bundle: true,
      write: false,
      metafile: true,
      absWorkingDir: p.root,
    });
    writeStamp(p.stamp, {
      key: buildKey(p.root, ['main'], ['package.json']),
      inputs: metafileInputs(result, p.root),
      outputs: [p.file('out/main.js')],
      started: started,
    });
    expect(p.ensure()).toBe(true);
    expect(p.output()).toContain('changed');
  });
});

describe("vitest's start", () => {
  const stamps = { browser: 'src/generated/.build-stamp.json', cli: 'dist/.cpq-build-stamp.json' };
  const recorded = (stamp: string): Record<string, string> => JSON.parse(readFileSync(stamp, 'utf8')).files;
  const tracked = (stamp: string, path: string) => Object.keys(recorded(stamp)).some((file) => file.includes(`/${path}`));
  beforeAll(() => {
    ensureBrowserBundles();
    ensureCli();
  }, 30_000);

  it('reuses the browser bundles and the cpq bundle it built, stamped with the sources they are made from', () => {
    expect(ensureBrowserBundles()).toBe(false);
    expect(ensureCli()).toBe(false);
    for (const path of [
      'src/browser/editor/main.ts',
      'src/browser/shared/',
      'src/lang/vocabulary.ts',
      'node_modules/@codemirror/',
    ])
      expect(tracked(stamps.browser, path), path).toBe(true);
    for (const path of ['src/cli/main.ts', 'src/lang/', 'node_modules/commander/'])
      expect(tracked(stamps.cli, path), path).toBe(true);
  });

  it('rebuilds the cpq bundle once a source differs from what its stamp recorded', { timeout: 30_000 }, () => {
    // As if src/cli/main.ts had been edited since the last build (editing it here would race the CLI tests).
    const stamp = JSON.parse(readFileSync(stamps.cli, 'utf8'));
    const main = Object.keys(stamp.files).find((file) => file.endsWith('src/cli/main.ts'))!;
    stamp.files[main] = '0'.repeat(64);
    writeFileSync(stamps.cli, JSON.stringify(stamp));
    expect(ensureCli()).toBe(true);
    expect(ensureCli()).toBe(false);
  });
});
