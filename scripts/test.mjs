#!/usr/bin/env node
// `npm test`: vitest and the e2e suites (test/e2e/run.mjs) at the same time. Each leaves much of the 2 CPUs idle
// while it waits (a workerd starting per test file, rate-limit windows, a browser's debounces and retries), so side
// by side they take little more than the longer of the two (bench/RESULTS.md §12). vitest's output comes as it
// arrives; the e2e suites' is held and printed whole after it, so the two never interleave. Fails if either fails.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBrowserBundles } from './build-browser.mjs';
import { buildCli } from './build-cli.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs two Node scripts (`{ name, args }`, args after `node`) at once: the first's output as it comes, the
 * second's after the first has ended. Resolves to the exit code: 0 when both passed.
 */
export async function sideBySide(live, held, out = process.stdout) {
  const started = Date.now();
  const start = (args, stdio) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', ...stdio] });
    const done = new Promise((resolve) =>
      child.on('exit', (code) => resolve({ code: code ?? 1, took: Math.round((Date.now() - started) / 1000) })),
    );
    return { child, done };
  };
  const second = start(held.args, ['pipe', 'pipe']);
  const kept = [];
  second.child.stdout.on('data', (d) => kept.push(d));
  second.child.stderr.on('data', (d) => kept.push(d));
  const first = start(live.args, out === process.stdout ? ['inherit', 'inherit'] : ['pipe', 'pipe']);
  first.child.stdout?.on('data', (d) => out.write(d));
  first.child.stderr?.on('data', (d) => out.write(d));
  const a = await first.done;
  const b = await second.done;
  out.write(Buffer.concat(kept));
  const verdict = ({ code, took }) => `${code === 0 ? 'passed' : 'FAILED'} in ${took} s`;
  out.write(`${live.name} ${verdict(a)}; ${held.name} ${verdict(b)} (side by side).\n`);
  return a.code || b.code;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Built once before either starts: both build them too, find them unchanged and leave the files be.
  buildBrowserBundles();
  buildCli();
  const vitest = { name: 'vitest', args: [join('node_modules', 'vitest', 'vitest.mjs'), 'run'] };
  const e2e = { name: 'e2e suites', args: [join('test', 'e2e', 'run.mjs')] };
  process.exit(await sideBySide(vitest, e2e));
}
