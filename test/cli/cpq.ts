// Runs the `cpq` command as a user does: a separate Node process on dist/cpq.mjs (bundled by vitest.config.ts),
// stdout a pipe, so the output is the plain text a CI log gets.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { CLI } from '../../scripts/build-cli.mjs';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment cpq runs in: NO_COLOR unset, so the plain output must come from stdout not being a terminal alone. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NO_COLOR: _, ...env } = process.env;
  return { ...env, ...extra };
}

export function cpq(args: string[], cwd: string): Run {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, env: environment({}), encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** As cpq, without blocking this process: for a test whose own HTTP server must answer the command. */
export function cpqAsync(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: environment(env) });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (out.stdout += d));
  child.stderr.on('data', (d) => (out.stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, ...out })));
}

const made: string[] = [];
// Registered while the importing test file is collected, so it runs after that file's tests.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory holding the given files (name → text), removed after the file's tests. */
export function tempDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cpq-cli-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A small valid product: a size with a surcharge, two tests that pass. */
export const MUG = `product "Mug" {
  currency: EUR
}

field size: radio {
  label: { en: "Size", de: "Größe" }
  options {
    small { label: { en: "Small", de: "Klein" }, price: 0 }
    large { label: { en: "Large", de: "Groß" }, price: 2 }
  }
}

price {
  line base: { en: "Mug", de: "Becher" } = 8
  line size: { en: "Size", de: "Größe" } = size.price when size == "large"
}

test "small" {
  given { size: "small" }
  expect price == 8
}

test "large" {
  given { size: "large" }
  expect price == 10
}
`;

/** The same product, its second test expecting the wrong price. */
export const MUG_FAILING = MUG.replace('expect price == 10', 'expect price == 11');

/** An undeclared name on line 4, column 9. */
export const BROKEN = 'product "Test" {\n  currency: EUR\n}\nlet x = y + 1\n';
