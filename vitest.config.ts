import { availableParallelism } from 'node:os';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { ensureBrowserBundles } from './scripts/build-browser.mjs';
import { ensureCli } from './scripts/build-cli.mjs';
import { installPoolFix } from './scripts/vitest-pool-fix.mjs';

// Two projects, one `vitest run`: tests that need the Worker's bindings (D1, KV, Durable Objects, the app) run
// inside workerd; the pure ones (the language front end, runtime and golden cases, the architecture check) run in
// plain Node, which skips workerd's per-file setup. A test belongs in `node` when it imports neither
// `cloudflare:workers` nor `cloudflare:test` nor test/helpers.ts.
//
// Each workers test file starts a workerd of its own and loads the Worker's modules into it, 2–3 s before its first
// test (bench/RESULTS.md §12). So the workers tests are modules, `test/<area>/<name>.cases.ts`, that a few files in
// test/workers/ import by theme, each module in a describe named for its path; a module's stores, keys and client
// addresses are its own, so modules sharing a workerd (and its storage) do not meet. One module runs alone, in a
// workerd of its own, when named on the command line: `npx vitest run test/<area>/<name>.cases.ts` (the inner loop;
// its group file, `-t test/<area>/<name>`, also works). Only then are the modules themselves test files, so that a
// whole run does not run each of them twice.
const NAMED_CASES = process.argv.slice(2).some((arg) => arg.endsWith('.cases.ts'));
const NODE_TESTS = [
  'test/lang/**/*.test.ts',
  'test/golden/**/*.test.ts',
  'test/arch/**/*.test.ts',
  'test/browser/**/*.test.ts',
  'test/products/**/*.test.ts',
  'test/cli/**/*.test.ts',
  'test/docs/**/*.test.ts',
  'test/scripts/**/*.test.ts',
  'test/soak.test.ts',
];

export default defineConfig(async () => {
  // The Worker imports the browser bundles from src/generated/bundles.ts: build them before workerd loads it.
  // test/cli/ spawns the `cpq` command as a user runs it: bundled from the current source. Each is rebuilt only
  // when its sources changed since its last build (scripts/build-stamp.mjs).
  ensureBrowserBundles();
  ensureCli();
  // Each request through workerd must not slow every later one in its file (scripts/vitest-pool-fix.mjs).
  installPoolFix();
  const migrations = await readD1Migrations('./migrations');
  // `npm run test:soak` sets CPQ_SOAK=1: the heavy checks at soak size (test/soak.ts).
  const provide = { soak: process.env.CPQ_SOAK === '1' };
  return {
    test: {
      // Vitest's default, one fewer than the cores, runs one file at a time on 2 cores; but a workers file first waits
      // 2–3 s for a workerd of its own to start, while the main process idles (half of a run, in a CPU profile). Two at
      // a time fill that wait.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                // A move's old rows go 1.5 s after its switch rather than 2 minutes, and a shard holds 100 kB rather than
                // 10 GB, so the capacity warning shows (src/shards/service/move.ts, capacity.ts).
                bindings: {
                  ADMIN_TOKEN: 'test-admin-token',
                  TEST_MIGRATIONS: migrations,
                  MOVE_CLEAN_AFTER_MS: '1500',
                  SHARD_CAPACITY_BYTES: '100000',
                },
                // Webhook tests hand the consumer its batches themselves (createMessageBatch): the queue's own
                // delivery waits longer than they run, last in their file, so it never races them.
                queueConsumers: {
                  'cpq-webhooks': { maxBatchTimeout: 60, maxBatchSize: 100 },
                  'cpq-webhooks-slow': { maxBatchTimeout: 60, maxBatchSize: 100 },
                },
              },
            }),
          ],
          test: {
            name: 'workers',
            provide,
            setupFiles: ['./test/setup.ts'],
            include: ['test/**/*.test.ts', ...(NAMED_CASES ? ['test/**/*.cases.ts'] : [])],
            exclude: NODE_TESTS,
            // No test waits for a minute's end (the rate-limit tests' clock starts a fresh one: test/limits/helpers.ts), but
            // workerd is slower on a loaded CI box.
            testTimeout: 30_000,
          },
        },
        {
          test: {
            name: 'node',
            provide,
            environment: 'node',
            include: NODE_TESTS,
            testTimeout: 30_000,
          },
        },
      ],
    },
  };
});
