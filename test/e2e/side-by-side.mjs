// Runs the e2e suites' `node --test` processes side by side, at most `lanes` at once, for test/e2e/run.mjs. Each
// one's output is held and printed whole when it ends, headed by its files and time: the lines of several suites
// interleaved would be unreadable.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** One `node --test` over `files` (test/e2e/ names), in order; resolves to its files, exit code and seconds. */
function runSuites(files, options) {
  const started = performance.now();
  const args = ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files.map((f) => join('test', 'e2e', f))];
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (d) => output.push(d));
  child.stderr.on('data', (d) => output.push(d));
  return new Promise((resolve) => {
    child.on('close', (exit) => {
      const code = exit ?? 1;
      const seconds = (performance.now() - started) / 1000;
      const verdict = code === 0 ? 'passed' : 'FAILED';
      process.stdout.write(`\n── ${files.join(' then ')}: ${verdict} in ${seconds.toFixed(1)} s\n${Buffer.concat(output)}`);
      resolve({ files, code, seconds });
    });
  });
}

/** Runs each of `runs` (lists of files) at most `lanes` at a time, in the order given; results in that order. */
export async function sideBySide(runs, lanes, options) {
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < runs.length) {
      const i = next++;
      results[i] = await runSuites(runs[i], options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, runs.length) }, lane));
  return results;
}
