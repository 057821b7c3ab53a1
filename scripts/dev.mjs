#!/usr/bin/env node
// `npm run dev [-- --port N]`: applies migrations to every local shard (DB, DB_1: docs/scale.md), seeds the demo store and key (idempotently),
// starts `wrangler dev` (with the demo shop at /demo), then saves every example product into the demo store through
// the admin API, and creates its markets, price lists and dealer group (scripts/demo-data.mjs).
//
// Environment: ADMIN_TOKEN (default dev-admin-token). The benchmarks' knobs, CPQ_DEV_GATE_LATENCY_MS (every call to
// a Durable Object waits that many ms), CPQ_DEV_D1_LATENCY_MS, CPQ_DEV_D1_REPLICA_LATENCY_MS and CPQ_DEV_KV_LATENCY_MS
// (every D1 statement, replica read and KV call waits that many ms) and CPQ_ADMISSION=hop|lease (see docs/rate-limits.md, "Knobs for
// benchmarks"), and the fault knobs CPQ_DEV_QUEUE_FAIL_RATE and CPQ_DEV_CUT_AFTER_WRITE_RATE (0–1: that share of
// queue sends throws, of requests fails right after its write; docs/webhooks.md, "Fault knobs"): when any is set,
// wrangler serves bench/worker-with-knobs.ts, the production app composed with them, instead of src/index.ts;
// otherwise this is the production Worker with the demo data. The cron's handler can be run at once
// (`wrangler dev --test-scheduled`: GET /__scheduled).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_DEALER_KEY, DEMO_KEY, DEMO_STORE, demoVars, seedCommands, seedMarkets } from './demo-data.mjs';
import { migrateShards } from './migrate.mjs';

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 8787;
const adminToken = process.env.ADMIN_TOKEN ?? 'dev-admin-token';
const base = `http://127.0.0.1:${port}`;
const wrangler = join('node_modules', '.bin', 'wrangler');
// Nothing may call out: without this, miniflare fetches a sample `Request.cf` object from Cloudflare.
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const LATENCIES = ['CPQ_DEV_GATE_LATENCY_MS', 'CPQ_DEV_D1_LATENCY_MS', 'CPQ_DEV_D1_REPLICA_LATENCY_MS', 'CPQ_DEV_KV_LATENCY_MS'];
const RATES = ['CPQ_DEV_QUEUE_FAIL_RATE', 'CPQ_DEV_CUT_AFTER_WRITE_RATE'];
const knobbed = [...LATENCIES, ...RATES, 'CPQ_ADMISSION'].some((name) => process.env[name] !== undefined);
for (const name of RATES) {
  const rate = process.env[name] ?? '0';
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(rate)) {
    console.error(`${name} must be a share from 0 to 1, not '${rate}'`);
    process.exit(1);
  }
}
for (const name of LATENCIES) {
  const latency = process.env[name] ?? '0';
  if (!/^\d+$/.test(latency)) {
    console.error(`${name} must be a whole number of milliseconds, not '${latency}'`);
    process.exit(1);
  }
}
const admission = process.env.CPQ_ADMISSION ?? 'lease';
if (admission !== 'lease' && admission !== 'hop') {
  console.error(`CPQ_ADMISSION must be lease or hop, not '${admission}'`);
  process.exit(1);
}
// An unset replica latency is the primary's (bench/knobs.ts), so it is passed only when set.
const latencies = LATENCIES.filter((name) => process.env[name] !== undefined || name !== 'CPQ_DEV_D1_REPLICA_LATENCY_MS');
const rates = RATES.filter((name) => process.env[name] !== undefined);
const knobs = knobbed
  ? [...[...latencies, ...rates].map((name) => `${name}:${process.env[name] ?? '0'}`), `CPQ_ADMISSION:${admission}`]
  : [];
// Webhooks may go to a receiver on this machine over http (docs/webhooks.md, "Local development").
const vars = [`ADMIN_TOKEN:${adminToken}`, 'WEBHOOKS_ALLOW_LOCAL:1', ...knobs, ...demoVars()];
const entry = knobbed ? ['bench/worker-with-knobs.ts'] : [];

function run(cmdArgs) {
  const r = spawnSync(wrangler, cmdArgs, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, CI: 'true' } });
  if (r.status !== 0) {
    console.error(`wrangler ${cmdArgs.join(' ')} failed`);
    process.exit(r.status ?? 1);
  }
}

// Every shard (wrangler.toml: DB, DB_1, …), each named if it fails (scripts/migrate.mjs).
const failed = migrateShards(['--local']);
if (failed.length > 0) {
  console.error(`migrations failed on ${failed.map((f) => `shard ${f.shard} (${f.binding})`).join(', ')}`);
  process.exit(1);
}
const hash = (key) => createHash('sha256').update(key).digest('hex');
for (const command of seedCommands(hash(DEMO_KEY), hash(DEMO_DEALER_KEY))) run(command);

// Built once before wrangler starts, then rebuilt on change: wrangler dev reloads on the regenerated module.
const build = spawnSync(process.execPath, ['scripts/build-browser.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const bundler = spawn(process.execPath, ['scripts/build-browser.mjs', '--watch'], { stdio: ['ignore', 'ignore', 'inherit'] });
// --test-scheduled: GET /__scheduled runs the cron's handler (expiries, the outbox's sweep) at once.
const dev = spawn(wrangler, ['dev', ...entry, '--test-scheduled', ...vars.flatMap((v) => ['--var', v]), ...args], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    bundler.kill(signal);
    dev.kill(signal);
  });
dev.on('exit', (code) => {
  bundler.kill();
  process.exit(code ?? 0);
});

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function seedProducts() {
  const dir = 'examples';
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpq'))
    .sort();
  for (const file of files) {
    const id = file.replace(/\.cpq$/, '');
    const res = await fetch(`${base}/api/admin/stores/${DEMO_STORE}/products/${id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ schema: readFileSync(join(dir, file), 'utf8') }),
    });
    const body = await res.json().catch(() => ({}));
    const state = res.status === 201 ? 'created' : body.unchanged ? 'unchanged' : res.ok ? 'new version' : `FAILED ${res.status}`;
    console.log(`  ${id}: ${state}${body.version ? ` (v${body.version})` : ''}${res.ok ? '' : ` ${JSON.stringify(body)}`}`);
  }
}

if (await waitForHealth()) {
  console.log('\nSeeding example products into the demo store:');
  await seedProducts();
  console.log('Seeding the demo markets (DE, CH, UK, US), their price lists and the dealer group:');
  for (const line of await seedMarkets(base, adminToken)) console.log(line);
  console.log(`
CPQ service ready on ${base}
  demo store (tenant_id): ${DEMO_STORE}
  demo API key:           ${DEMO_KEY}
  demo dealer key:        ${DEMO_DEALER_KEY} (customer group dealer: retail less 30 %)
  admin token:            ${adminToken}
  worker:                 ${knobbed ? `bench/worker-with-knobs.ts: admission ${admission}, ${[...latencies, ...rates].map((name) => `${name} ${process.env[name] ?? '0'}`).join(', ')}` : 'src/index.ts (production)'}
  run the cron now:       curl '${base}/__scheduled?cron=*+*+*+*+*'
  API reference:          ${base}/api/docs
  backoffice:             ${base}/admin
  demo shop:              ${base}/demo
`);
} else {
  console.error('wrangler dev did not answer /api/health within 60 s');
}
