#!/usr/bin/env node
// `npm run test:e2e`: the backoffice, the configurator and the demo shop end to end in a real browser. Starts `wrangler dev` on a free port with a
// fresh local state (migrations applied first), waits for /api/health, finds the address of workerd behind wrangler's
// proxy (E2E_BASE_URL and E2E_WORKER_URL), runs the node:test suites in test/e2e/*.e2e.mjs against it, several side by
// side (E2E_LANES, 3; test/e2e/suite-order.mjs), and always stops wrangler. `CPQ_SOAK=1` (`npm run test:soak`) gives the suites with a load their soak size. The server's output goes to test-artifacts/wrangler-dev.log
// as it arrives; suites get its path as E2E_SERVER_LOG. Without /usr/bin/chromium it says so and passes,
// unless REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCli } from '../../scripts/build-cli.mjs';
import { DEMO_DEALER_KEY, DEMO_KEY, demoVars, keySeedCommand } from '../../scripts/demo-data.mjs';
import { shardBindings } from '../../scripts/migrate.mjs';
import { sideBySide } from './side-by-side.mjs';
import { seesEmptyList, suitePhases } from './suite-order.mjs';
import { workerdAddress } from './workerd-address.mjs';

export const CHROMIUM = '/usr/bin/chromium';
const ADMIN_TOKEN = 'e2e-token';
const root = fileURLToPath(new URL('../..', import.meta.url));
const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
const ARTIFACTS = join(root, 'test-artifacts');
const SERVER_LOG = join(ARTIFACTS, 'wrangler-dev.log');
/** How many suites run side by side (test/e2e/suite-order.mjs says which may). */
const LANES = Number(process.env.E2E_LANES ?? 3);

if (!existsSync(CHROMIUM)) {
  const message = `Backoffice e2e tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium).`;
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`FAIL: ${message} REQUIRE_BROWSER=1 is set.`);
    process.exit(1);
  }
  console.log(`SKIPPED: ${message} Set REQUIRE_BROWSER=1 to make this a failure.`);
  process.exit(0);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, dev) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (dev.exitCode !== null) throw new Error(`wrangler dev exited with ${dev.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`wrangler dev did not answer ${base}/api/health within 120 s`);
}

/** Resolves once `path` exists or `running` has ended, whichever comes first. */
async function fileOrEnd(path, running) {
  let ended = false;
  running.then(() => {
    ended = true;
  });
  while (!ended && !existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Runs a setup step to its end; resolves to nothing, or to what went wrong with its output. */
function command(what, file, args, env) {
  const child = spawn(file, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('error', (err) => resolve(`${what} failed: ${err.message}`));
    child.on('close', (code) => resolve(code === 0 ? undefined : `${what} failed:\n${output}`));
  });
}

function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = (signal) => {
      // The child leads its own process group (detached), so this reaches workerd too and nothing else.
      try {
        process.kill(-child.pid, signal);
      } catch {}
    };
    const force = setTimeout(() => kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    kill('SIGTERM');
  });
}

const persist = mkdtempSync(join(tmpdir(), 'cpq-e2e-'));
/** Written by the backoffice suite once it has seen the empty store list (test/e2e/suite-order.mjs). */
const EMPTY_LIST_SEEN = join(persist, 'empty-store-list-seen');
let dev = null;
let logFile = null;
let code = 1;
const cleanup = async () => {
  await stop(dev);
  // process.exit does not wait for a stream's pending writes: the server's last lines would be lost.
  await new Promise((resolve) => (logFile ? logFile.end(resolve) : resolve()));
  rmSync(persist, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

const started = performance.now();
try {
  // Nothing may call out: miniflare would otherwise fetch a sample `Request.cf` object from Cloudflare.
  const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
  // Each step is mostly a wrangler or node starting up, so they run side by side: the shards' migrations (one after
  // the other: two wranglers migrating local D1 databases at once failed with SQLITE_BUSY), the demo keys as
  // `npm run dev` has them (one after the other: both write KV's files), the bundles. Only the keys are seeded: the
  // configurator suite creates the demo store itself, so the backoffice suite, which runs first, still starts from
  // an empty store list.
  const inTurn = (steps) =>
    steps.reduce(
      (previous, [what, args]) => previous.then((failed) => failed ?? command(what, wrangler, args, env)),
      Promise.resolve(undefined),
    );
  const steps = Promise.all([
    inTurn(
      shardBindings(readFileSync(join(root, 'wrangler.toml'), 'utf8')).map((binding) => [
        `applying the migrations to ${binding}`,
        ['d1', 'migrations', 'apply', binding, '--local', '--persist-to', persist],
      ]),
    ),
    inTurn([
      ['seeding the demo key', keySeedCommand(createHash('sha256').update(DEMO_KEY).digest('hex'), ['--persist-to', persist])],
      [
        'seeding the demo dealer key',
        keySeedCommand(createHash('sha256').update(DEMO_DEALER_KEY).digest('hex'), ['--persist-to', persist], true),
      ],
    ]),
    // The bundles are built here, not by wrangler (docs/architecture.md, "Browser code"), so the server never reloads.
    command('building the browser bundles', process.execPath, ['scripts/build-browser.mjs'], process.env),
  ]);
  // cli.e2e.mjs spawns the `cpq` command: bundled from the current source.
  buildCli();
  const failed = (await steps).find((step) => step);
  if (failed) throw new Error(failed);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  dev = spawn(
    wrangler,
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      persist,
      '--var',
      `ADMIN_TOKEN:${ADMIN_TOKEN}`,
      ...demoVars().flatMap((v) => ['--var', v]),
      // webhooks.e2e.mjs delivers to a receiver on localhost over http, and waits out retries of a second.
      '--var',
      'WEBHOOKS_ALLOW_LOCAL:1',
      '--var',
      'WEBHOOKS_RETRY_BASE_SECONDS:1',
      '--show-interactive-dev-session=false',
    ],
    { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Written as it arrives, not at the end: a suite (burst) reads the lines the server logged during its own requests.
  mkdirSync(ARTIFACTS, { recursive: true });
  logFile = createWriteStream(SERVER_LOG);
  let log = '';
  const keep = (d) => {
    log += d;
    logFile.write(d);
  };
  dev.stdout.on('data', keep);
  dev.stderr.on('data', keep);
  let worker;
  try {
    await waitForHealth(base, dev);
    worker = await workerdAddress(dev.pid, port);
  } catch (err) {
    console.error(log);
    throw err;
  }

  // `npm run test:e2e -- editor` runs only the suites whose file name contains "editor"; with several words, those
  // whose name contains one of them.
  const words = process.argv.slice(2);
  const phases = suitePhases(
    readdirSync(join(root, 'test', 'e2e'))
      .filter((f) => f.endsWith('.e2e.mjs'))
      .filter((f) => words.length === 0 || words.some((word) => f.includes(word))),
  );
  const options = {
    cwd: root,
    env: {
      ...process.env,
      // Every suite, browsers included, talks to workerd itself, not through wrangler's proxy: with three suites at
      // once the proxy lost its connection to workerd and answered a PUT with its own 503 ("Your worker restarted
      // mid-request"), which the Worker never saw (test/e2e/workerd-address.mjs). E2E_PROXY_URL: the proxy's address.
      E2E_BASE_URL: worker,
      E2E_WORKER_URL: worker,
      E2E_PROXY_URL: base,
      E2E_ADMIN_TOKEN: ADMIN_TOKEN,
      E2E_CHROMIUM: CHROMIUM,
      E2E_SERVER_LOG: SERVER_LOG,
      E2E_EMPTY_LIST_SEEN: EMPTY_LIST_SEEN,
    },
  };
  const ready = ((performance.now() - started) / 1000).toFixed(1);
  const results = [];
  // A phase whose suite expects an empty store list goes on beside the next once it has seen it.
  let going = [];
  for (const phase of phases) {
    const running = sideBySide(phase, LANES, options);
    if (seesEmptyList(phase)) {
      going.push(running);
      await fileOrEnd(EMPTY_LIST_SEEN, running);
    } else {
      for (const phaseResults of await Promise.all([...going, running])) results.push(...phaseResults);
      going = [];
    }
  }
  for (const phaseResults of await Promise.all(going)) results.push(...phaseResults);
  code = results.some((r) => r.code !== 0) ? 1 : 0;
  const took = results.map((r) => `${r.files.join(' then ')} ${r.seconds.toFixed(1)} s${r.code === 0 ? '' : ' (FAILED)'}`);
  console.log(`\nServer ready after ${ready} s; the suites, ${LANES} side by side, the load suites alone: ${took.join(', ')}.`);
  if (code !== 0 && process.env.E2E_SHOW_SERVER_LOG === '1') console.error(log);
  else if (code !== 0) {
    // What a failure most often needs from the server: the slow answers and any reload.
    const slow = log.split('\n').filter((l) => /\((\d{4,})ms\)|restarting|Reloading|ERROR/.test(l));
    // A load test can fail thousands of requests: the first lines tell the story, the file has the rest.
    const shown = slow.slice(0, 40).join('\n');
    const more = slow.length > 40 ? `\n… and ${slow.length - 40} more such lines` : '';
    console.error(`Server lines worth a look (all in test-artifacts/wrangler-dev.log):\n${shown}${more}`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
